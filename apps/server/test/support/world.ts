import { expect } from 'vitest';
import { createMerchantWithStore, type TestMerchant } from './catalog-factory.js';
import {
  addToCart,
  type CommerceSetup,
  checkout,
  commerceSetup,
  listedProduct,
  payInSandbox,
  type SellingStore,
  type Shopper,
  sellingStore,
  shopper,
} from './commerce-factory.js';
import { createAdmin, createPartner, type createTestApp, json, type TestApp } from './test-app.js';
import { type WorldCounts, worldKey, worldOn } from './world-template.js';

// The usual marketplace of a test (issue 30, ADR 091): an app on its own database (a copy of the migrated template,
// template-database.ts), the approvers and an admin, stores that sell, customers with an address, approved carriers and
// dispatchers, and paid orders bought through the API the way a browser buys them. Tests that built this by hand in
// their beforeAll take it from here; what is particular to a test (a store's profile, a second product) stays in it.

export type Carrier = Awaited<ReturnType<typeof createPartner>>;
export type Dispatcher = Awaited<ReturnType<typeof createAdmin>>;

export interface WorldShape {
  /** Stores that sell (approved, visible), one after another: 1 unless said. */
  stores?: number;
  /**
   * Merchants whose store is made approved and visible straight on the table (catalog-factory's
   * createMerchantWithStore), one after another: quicker than `stores` where how a store comes to sell is not the
   * test's subject (a settings screen, the accounts a route refuses). None unless said.
   */
  merchants?: number;
  /** Customers with a delivery address in Lagos (Ikeja): 1 unless said. */
  customers?: number;
  /** Shipping partners, approved so orders may be assigned to them: none unless said. */
  carriers?: number;
  /** Platform dispatchers (admins of the dispatcher role): none unless said. */
  dispatchers?: number;
  /** What the app is built with (a provider, rate limits): the test app's defaults unless said. */
  app?: Parameters<typeof createTestApp>[0];
}

export interface PaidOrderOptions {
  /** Who buys: the world's first customer unless said. */
  customer?: Shopper;
  /** Units of the product in each order: 1 unless said. */
  quantity?: number;
  /** The product's stock when it is listed: 50 unless said. */
  stock?: number;
  /** A product of the seller already listed, bought instead of a new one. */
  productId?: string;
  /** The new product's selling price in naira: the factory's unless said. */
  price?: number;
  /** Units of a second new product of the seller (an Ankara tote bag) in the same order: none unless said. */
  more?: number;
}

const times = <T>(count: number, make: () => Promise<T>) =>
  Promise.all(Array.from({ length: count }, () => make()));

/** `count` of T as a tuple when the count is a literal, so `stores: [store, otherStore]` needs no cast. */
type Tuple<T, count extends number, built extends T[] = []> = number extends count
  ? T[]
  : built['length'] extends count
    ? built
    : Tuple<T, count, [...built, T]>;
/** What a shape's `key` makes: a tuple of its literal count, `fallback` of them when the shape leaves it out. */
type Made<T, shape extends WorldShape, key extends keyof WorldShape, fallback extends number> = Tuple<
  T,
  key extends keyof shape ? ([shape[key]] extends [number] ? shape[key] : number) : fallback
>;

/** A new product of `seller`, listed and approved: its id. */
async function newProductOf(
  test: TestApp,
  setup: CommerceSetup,
  seller: SellingStore,
  options: Pick<PaidOrderOptions, 'stock' | 'price'> & { name?: string },
) {
  const pricing = options.price
    ? { pricing: [{ costPrice: 1, sellingPrice: options.price, price: options.price + 1000 }] }
    : {};
  const name = options.name ? { name: options.name } : {};
  return (await listedProduct(test, setup, seller, { quantity: options.stock ?? 50, ...pricing, ...name }))
    .id as string;
}

/**
 * The one way a test makes a paid order: `customer` puts `quantity` units of a product of `seller` (a new one unless
 * named, and `more` units of a second new one if said) in the cart, checks out and pays in the sandbox.
 */
export async function paidOrderOf(
  test: TestApp,
  setup: CommerceSetup,
  seller: SellingStore,
  customer: Shopper,
  options: Omit<PaidOrderOptions, 'customer'> = {},
): Promise<{
  orderId: string;
  trackerId: string;
  /** The checkout's payment reference at the provider. */
  reference: string;
  productId: string;
  secondProductId?: string;
}> {
  const productId = options.productId ?? (await newProductOf(test, setup, seller, options));
  expect((await addToCart(test, customer, productId, options.quantity ?? 1)).statusCode).toBe(200);
  let secondProductId: string | undefined;
  if (options.more) {
    secondProductId = await newProductOf(test, setup, seller, { name: 'Ankara tote bag' });
    expect((await addToCart(test, customer, secondProductId, options.more)).statusCode).toBe(200);
  }
  const created = json(await checkout(test, customer)).data;
  // Gift cards may cover a checkout whole: then there is nothing to pay at the provider.
  if (created.payment?.authorizationUrl)
    await payInSandbox(test, created.payment.authorizationUrl, 'success');
  return {
    orderId: created.tracker.orders[0].id as string,
    trackerId: created.tracker.id as string,
    reference: created.tracker.reference as string,
    productId,
    secondProductId,
  };
}

/**
 * `count` orders of one product of `seller` (a new one unless named), bought one after another by one customer and
 * paid in the sandbox: their ids, and the product's.
 */
export async function paidOrdersOf(
  test: TestApp,
  setup: CommerceSetup,
  seller: SellingStore,
  customer: Shopper,
  count: number,
  options: Omit<PaidOrderOptions, 'customer'> = {},
): Promise<{ orderIds: string[]; productId: string }> {
  const productId = options.productId ?? (await newProductOf(test, setup, seller, options));
  const orderIds: string[] = [];
  for (let index = 0; index < count; index += 1)
    orderIds.push((await paidOrderOf(test, setup, seller, customer, { ...options, productId })).orderId);
  return { orderIds, productId };
}

/** The set-up, stores, merchants, customers, carriers and dispatchers of `counts`, made through `test`'s API. */
async function peopleOf(test: TestApp, counts: WorldCounts) {
  const setup = await commerceSetup(test);
  const stores: SellingStore[] = [];
  // One after another: each store's approval is its own run of admin requests.
  for (let index = 0; index < counts.stores; index += 1) stores.push(await sellingStore(test, setup));
  const merchants: TestMerchant[] = [];
  for (let index = 0; index < counts.merchants; index += 1)
    merchants.push(await createMerchantWithStore(test));
  const [customers, carriers, dispatchers] = await Promise.all([
    times(counts.customers, () => shopper(test)),
    times(counts.carriers, () => createPartner(test, { approved: true })),
    times(counts.dispatchers, () => createAdmin(test, 'dispatcher')),
  ]);
  return { setup, stores, merchants, customers, carriers, dispatchers };
}

/**
 * The marketplace of `shape`; `close()` stops its app. Its stores, merchants, customers, carriers and dispatchers are
 * tuples of the shape's counts: `const { stores: [store, otherStore] } = await world({ stores: 2 })`.
 */
export async function world<const shape extends WorldShape = Record<never, never>>(
  shape: shape = {} as shape,
) {
  const counts: WorldCounts = {
    stores: shape.stores ?? 1,
    merchants: shape.merchants ?? 0,
    customers: shape.customers ?? 1,
    carriers: shape.carriers ?? 0,
    dispatchers: shape.dispatchers ?? 0,
  };
  const { test, made } = await worldOn(counts, shape.app, (on) => peopleOf(on, counts));
  for (const [people, count] of Object.entries(counts)) {
    if (made[people as keyof WorldCounts].length === count) continue;
    await test.close();
    throw new Error(
      `A world of ${worldKey(counts)} came with ${made[people as keyof WorldCounts].length} ${people}`,
    );
  }
  const { setup } = made;
  // The counts were the shape's (checked above, as a saved world could be another shape's): the arrays are as long
  // as its tuples say.
  const stores = made.stores as Made<SellingStore, shape, 'stores', 1>;
  const merchants = made.merchants as Made<TestMerchant, shape, 'merchants', 0>;
  const customers = made.customers as Made<Shopper, shape, 'customers', 1>;
  const carriers = made.carriers as Made<Carrier, shape, 'carriers', 0>;
  const dispatchers = made.dispatchers as Made<Dispatcher, shape, 'dispatchers', 0>;
  const buyer = (options: PaidOrderOptions) => {
    const customer = options.customer ?? (customers as Shopper[])[0];
    if (!customer) throw new Error('This world has no customer: pass one');
    return customer;
  };
  return {
    test,
    setup,
    /** The platform's admin (role admin) that approves products. */
    admin: setup.admin,
    /** The super admin that named the approvers. */
    superadmin: setup.approvers.superadmin,
    stores,
    merchants,
    customers,
    carriers,
    dispatchers,
    /** `count` paid orders of `seller`, each of one new product's `quantity` units, bought by one customer. */
    paidOrders: async (seller: SellingStore, count: number, options: PaidOrderOptions = {}) =>
      (await paidOrdersOf(test, setup, seller, buyer(options), count, options)).orderIds,
    /** One paid order of `seller`: its id, its product's and who bought it. */
    paidOrder: async (seller: SellingStore, options: PaidOrderOptions = {}) => {
      const customer = buyer(options);
      return { ...(await paidOrderOf(test, setup, seller, customer, options)), customer };
    },
    /** Another customer with an address (Lagos, Ikeja unless said), beyond the world's own. */
    newCustomer: (address?: Parameters<typeof shopper>[1]) => shopper(test, address),
    close: () => test.close(),
  };
}

export type World = Awaited<ReturnType<typeof world<WorldShape>>>;
