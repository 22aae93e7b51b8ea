import {
  bankAccountEndpoints,
  fulfilmentEndpoints,
  merchantDashboardEndpoints,
  policyMerchantEndpoints,
  productAdminEndpoints,
  productEndpoints,
  storeProfileEndpoints,
  themePublishingEndpoints,
} from '@market/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildRollups } from '../../src/modules/ledger/index.js';
import { ledgerOrders } from '../../src/modules/ledger/ledger.schema.js';
import { lagosDateOf, lagosDayStart, lagosWeekStart } from '../../src/modules/merchant-dashboard/index.js';
import { createOrdersModule, type OrdersService } from '../../src/modules/orders/index.js';
import { orders, orderTrackers } from '../../src/modules/orders/orders.schema.js';
import { storeMembers } from '../../src/modules/stores/stores.schema.js';
import { validNuban } from '../../src/platform/payments/index.js';
import {
  addToCart,
  type CommerceSetup,
  checkout,
  listedProduct,
  payInSandbox,
  type SellingStore,
  sellingStore,
  shopper,
} from '../support/commerce-factory.js';
import { requestOf, urlOf } from '../support/contract-requests.js';
import { storeMemberToken } from '../support/staff-factory.js';
import { multipartForm, pngBytes } from '../support/store-factory.js';
import {
  bearer,
  createAdmin,
  createConfirmedAccount,
  createPartner,
  json,
  login,
  PASSWORD,
  type TestApp,
} from '../support/test-app.js';
import { world } from '../support/world.js';

// GET /api/merchant/dashboard: a store's paid orders and sales today and this week, low stock, and what waits for
// the merchant, for the caller's store only.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The next Wednesday, 12:00 in Lagos (11:00 UTC): today and this week are then clearly apart. */
function nextLagosWednesdayNoon(from: Date): Date {
  const monday = lagosWeekStart(from).getTime();
  const wednesday = monday + 2 * DAY + 12 * HOUR;
  return new Date(wednesday > from.getTime() ? wednesday : wednesday + 7 * DAY);
}

let offsetMs = 0;
let test: TestApp;
let setup: CommerceSetup;
let store: SellingStore;
let ordersService: OrdersService;
const now = () => new Date(Date.now() + offsetMs);

beforeAll(async () => {
  offsetMs = nextLagosWednesdayNoon(new Date()).getTime() - Date.now();
  const market = await world({ customers: 0, app: { now } });
  ({ test, setup } = market);
  [store] = market.stores;
  ordersService = createOrdersModule(test.deps).service;
}, 120_000);
afterAll(() => test.close());

const dashboard = (token?: string) =>
  test.app.inject({ ...requestOf(merchantDashboardEndpoints.get), headers: token ? bearer(token) : {} });

/** One order of one unit of the product, checked out by a new customer; paid unless told otherwise. */
async function order(productId: string, pay = true) {
  const customer = await shopper(test);
  const added = await addToCart(test, customer, productId, 1);
  if (added.statusCode !== 200 && added.statusCode !== 201) throw new Error(added.body);
  const created = await checkout(test, customer);
  if (created.statusCode !== 201 && created.statusCode !== 200) throw new Error(created.body);
  const { tracker, payment } = json(created).data;
  if (pay) await payInSandbox(test, payment.authorizationUrl, 'success');
  return { customer, orderId: tracker.orders[0].id as string, trackerId: tracker.id as string };
}

/** Moves an order's checkout and payment back in time, as if it had been placed and paid then. */
async function paidAt(placed: { orderId: string; trackerId: string }, at: Date) {
  await test.deps.db
    .update(orderTrackers)
    .set({ paidAt: at, createdAt: at })
    .where(eq(orderTrackers.id, placed.trackerId));
  await test.deps.db.update(orders).set({ createdAt: at }).where(eq(orders.id, placed.orderId));
  // The books count a sale on the order's Lagos day, kept on its page (ADR 067): moved with it, and the roll-ups
  // written again from the books, as any repair past the postings does.
  await test.deps.db
    .update(ledgerOrders)
    .set({ bookedAt: at, orderDay: lagosDateOf(at) })
    .where(eq(ledgerOrders.orderId, placed.orderId));
  await rebuildRollups(test.deps.db);
}

describe('lagos calendar', () => {
  it('starts the day at midnight Lagos time (23:00 UTC) and the week on Monday', () => {
    // Sunday 23:30 UTC is already Monday 00:30 in Lagos.
    const mondayEarly = new Date('2026-11-22T23:30:00Z');
    expect(lagosDayStart(mondayEarly).toISOString()).toBe('2026-11-22T23:00:00.000Z');
    expect(lagosWeekStart(mondayEarly).toISOString()).toBe('2026-11-22T23:00:00.000Z');
    // Sunday 22:59 UTC is Sunday 23:59 in Lagos: still last week.
    const sundayLate = new Date('2026-11-22T22:59:00Z');
    expect(lagosDayStart(sundayLate).toISOString()).toBe('2026-11-21T23:00:00.000Z');
    expect(lagosWeekStart(sundayLate).toISOString()).toBe('2026-11-15T23:00:00.000Z');
    const wednesday = new Date('2026-11-25T11:00:00Z');
    expect(lagosDayStart(wednesday).toISOString()).toBe('2026-11-24T23:00:00.000Z');
    expect(lagosWeekStart(wednesday).toISOString()).toBe('2026-11-22T23:00:00.000Z');
  });
});

describe('merchant dashboard', () => {
  it('starts at zero for a new store, with the day and week it counts', async () => {
    const fresh = await sellingStore(test, setup);
    const response = await dashboard(fresh.accessToken);
    expect(response.statusCode).toBe(200);
    const data = json(response).data;
    expect(data).toEqual({
      asOf: expect.any(String),
      todayStartsAt: lagosDayStart(now()).toISOString(),
      weekStartsAt: lagosWeekStart(now()).toISOString(),
      today: { ordersCount: 0, salesKobo: 0 },
      week: { ordersCount: 0, salesKobo: 0 },
      lowStock: { count: 0, products: [] },
      needsAction: { ordersToAccept: 0, productsPendingApproval: 0, productsRejected: 0 },
    });
  });

  it("counts paid orders and sales of today and this week, low stock and what needs action, for the caller's store only", async () => {
    // A product that sells: ₦12,500 each, plenty in stock.
    const seller = await listedProduct(test, setup, store, { quantity: 50, stockAlertUnits: 2 });
    const today = lagosDayStart(now());
    const week = lagosWeekStart(now());

    await order(seller.id); // paid today, waiting to be accepted
    const acceptedToday = await order(seller.id);
    await test.deps.db.transaction((tx) =>
      ordersService.transition(tx, acceptedToday.orderId, 'accepted', { role: 'merchant', id: store.id }),
    );
    const cancelledToday = await order(seller.id);
    // Cancelled through the store's own call, which books the refund that a paid order's cancellation needs (ADR 040).
    const cancelled = await test.app.inject({
      ...requestOf(fulfilmentEndpoints.updateOrder, { params: { id: cancelledToday.orderId } }),
      headers: bearer(store.accessToken),
      payload: { status: 'cancelled' },
    });
    expect(cancelled.statusCode).toBe(200);
    const mondayOrder = await order(seller.id);
    await paidAt(mondayOrder, new Date(week.getTime() + 2 * HOUR));
    const lastWeekOrder = await order(seller.id);
    await paidAt(lastWeekOrder, new Date(week.getTime() - 2 * HOUR));
    await order(seller.id, false); // checked out, never paid
    expect(today.getTime()).toBeGreaterThan(week.getTime() + 2 * HOUR);

    // Six products at or under their alert (one sold out), one waiting for approval, one rejected.
    const low: string[] = [];
    for (const quantity of [0, 1, 2, 3, 4, 5]) {
      low.push(
        (
          await listedProduct(test, setup, store, {
            name: `Oraimo Cable ${quantity} left`,
            quantity,
            stockAlertUnits: 5,
          })
        ).id,
      );
    }
    const pendingProduct = await test.app.inject({
      ...requestOf(productEndpoints.create),
      headers: bearer(store.accessToken),
      payload: {
        name: 'Tecno Spark 20 Pro',
        description: ['A 6.78 inch phone.'],
        categoryId: setup.tree.category.id,
        subCategoryId: setup.tree.subCategory.id,
        childCategoryId: setup.tree.childCategory.id,
        pricing: [{ costPrice: 150000, sellingPrice: 185000, price: 185000 }],
        quantity: 30,
        sku: `TS-${Date.now()}`,
        weight: 0.4,
        weightUnit: 'kg',
        dimension: { length: 17, width: 8, height: 1 },
        dimensionUnit: 'cm',
        whenSoldOut: 'show-sold-out',
        contSalesOutOfStock: false,
        stockAlertUnits: 5,
        IsDigitalProduct: false,
        variant: [],
        variantProperties: [],
      },
    });
    expect(pendingProduct.statusCode).toBe(201);
    const rejected = await listedProduct(test, setup, store, { quantity: 40, stockAlertUnits: 5 });
    const refusal = await test.app.inject({
      ...requestOf(productAdminEndpoints.reject),
      headers: bearer(setup.admin.accessToken),
      payload: { productId: rejected.id, reason: 'The photo does not show the product.' },
    });
    expect(refusal.statusCode).toBe(200);

    const response = await dashboard(store.accessToken);
    expect(response.statusCode).toBe(200);
    const data = json(response).data;
    expect(data.today).toEqual({ ordersCount: 2, salesKobo: 2 * 1_250_000 });
    expect(data.week).toEqual({ ordersCount: 3, salesKobo: 3 * 1_250_000 });
    // paid and not yet accepted: today's, Monday's and last week's
    expect(data.needsAction).toEqual({ ordersToAccept: 3, productsPendingApproval: 1, productsRejected: 1 });
    expect(data.lowStock.count).toBe(6);
    expect(data.lowStock.products).toHaveLength(5);
    expect(data.lowStock.products.map((product: { id: string }) => product.id)).toEqual(low.slice(0, 5));
    expect(data.lowStock.products[0]).toMatchObject({ quantity: 0, stockAlertUnits: 5 });

    // a finance member of the store sees the same figures; an inventory member may not read reports
    const finance = await dashboard(await storeMemberToken(test, store.storeId, 'finance'));
    expect(finance.statusCode).toBe(200);
    expect(json(finance).data.week).toEqual(data.week);
    const inventory = await dashboard(await storeMemberToken(test, store.storeId, 'inventory'));
    expect(inventory.statusCode).toBe(403);
    expect(json(inventory).message).toBe('Your role (inventory) does not have the reports:read permission');

    // another merchant sees only their own store: none of these figures
    const other = await sellingStore(test, setup);
    const theirs = json(await dashboard(other.accessToken)).data;
    expect(theirs.today).toEqual({ ordersCount: 0, salesKobo: 0 });
    expect(theirs.week).toEqual({ ordersCount: 0, salesKobo: 0 });
    expect(theirs.lowStock).toEqual({ count: 0, products: [] });
    expect(theirs.needsAction).toEqual({
      ordersToAccept: 0,
      productsPendingApproval: 0,
      productsRejected: 0,
    });

    // paid orders of other stores are not this store's
    const otherProduct = await listedProduct(test, setup, other, { quantity: 10 });
    await order(otherProduct.id);
    expect(json(await dashboard(store.accessToken)).data.today).toEqual(data.today);
    expect(json(await dashboard(other.accessToken)).data.today).toEqual({
      ordersCount: 1,
      salesKobo: 1_250_000,
    });
  });

  it('is for store members: customers, admins, partners and anonymous callers are refused', async () => {
    const customer = await createConfirmedAccount(test, 'customer');
    const customerToken = (await login(test, 'customer', customer.email)).accessToken;
    expect((await dashboard(customerToken)).statusCode).toBe(403);
    for (const role of ['admin', 'superadmin'] as const) {
      const admin = await createAdmin(test, role);
      expect((await dashboard(admin.accessToken)).statusCode).toBe(403);
    }
    const partner = await createPartner(test);
    expect((await dashboard(partner.accessToken)).statusCode).toBe(403);
    expect((await dashboard()).statusCode).toBe(401);
  });

  it('refuses a merchant account that is no longer an active member of any store', async () => {
    const former = await sellingStore(test, setup);
    await test.deps.db
      .update(storeMembers)
      .set({ isActive: false })
      .where(inArray(storeMembers.userId, [former.id]));
    const response = await dashboard(former.accessToken);
    expect(response.statusCode).toBe(403);
  });
});

// GET /api/merchant/setup-guide: the owner's checklist, each step done from the records of the module that owns it.
describe('setup guide', () => {
  const guide = (token?: string) =>
    test.app.inject({
      ...requestOf(merchantDashboardEndpoints.setupGuide),
      headers: token ? bearer(token) : {},
    });
  const doneSteps = async (token: string) => {
    const response = await guide(token);
    expect(response.statusCode, response.body).toBe(200);
    const data = json(response).data as { steps: { key: string; done: boolean }[]; complete: boolean };
    return data.steps.filter((step) => step.done).map((step) => step.key);
  };
  const as = (method: 'POST' | 'PUT', url: string, token: string, payload: object) =>
    test.app.inject({ method, url, headers: bearer(token), payload });

  it('starts with nothing done for a merchant who has only signed up', async () => {
    const account = await createConfirmedAccount(test, 'merchant', { storeName: `Setup ${Date.now()}` });
    const token = (await login(test, 'merchant', account.email)).accessToken;
    const response = await guide(token);
    expect(response.statusCode).toBe(200);
    expect(json(response).data).toEqual({
      steps: [
        { key: 'profile', done: false },
        { key: 'kyc', done: false },
        { key: 'bankAccount', done: false },
        { key: 'policies', done: false },
        { key: 'firstProduct', done: false },
        { key: 'theme', done: false },
        { key: 'firstSale', done: false },
      ],
      doneCount: 0,
      complete: false,
    });
  });

  it("ticks each step as the store does it, for the owner's store only, and is complete after the first sale", async () => {
    const owner = await sellingStore(test, setup);
    const other = await sellingStore(test, setup);
    // Onboarding (identity and proof of address) is the KYC: the factory completed it.
    expect(await doneSteps(owner.accessToken)).toEqual(['kyc']);

    // A logo alone is not the profile: a phone number and where the store ships from too.
    const logo = multipartForm(
      {},
      { field: 'logo', filename: 'logo.png', contentType: 'image/png', bytes: await pngBytes() },
    );
    const uploaded = await test.app.inject({
      ...requestOf(storeProfileEndpoints.uploadLogo),
      headers: { ...bearer(owner.accessToken), ...logo.headers },
      payload: logo.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(await doneSteps(owner.accessToken)).toEqual(['kyc']);
    const profile = await as('POST', urlOf(storeProfileEndpoints.save), owner.accessToken, {
      store: {
        storePhoneNumber: '08031234567',
        shippingLocation: { country: 'Nigeria', state: 'Lagos', street: '12 Allen Avenue', city: 'Ikeja' },
      },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(await doneSteps(owner.accessToken)).toEqual(['profile', 'kyc']);

    const bank = await as('PUT', urlOf(bankAccountEndpoints.save), owner.accessToken, {
      bankCode: '058',
      accountNumber: validNuban('058', '012345678'),
      password: PASSWORD,
    });
    expect(bank.statusCode, bank.body).toBe(200);
    expect(await doneSteps(owner.accessToken)).toEqual(['profile', 'kyc', 'bankAccount']);

    // One policy is not the step: shipping and returns both.
    const policy = (type: string) =>
      as('POST', urlOf(policyMerchantEndpoints.create), owner.accessToken, {
        type,
        title: `Our ${type} policy`,
        body: `How ${type} work at this store, in plain words for customers.`,
      });
    expect((await policy('shipping')).statusCode).toBe(201);
    expect(await doneSteps(owner.accessToken)).not.toContain('policies');
    expect((await policy('returns')).statusCode).toBe(201);
    expect(await doneSteps(owner.accessToken)).toContain('policies');

    const product = await listedProduct(test, setup, owner, { quantity: 10 });
    expect(await doneSteps(owner.accessToken)).toContain('firstProduct');

    const published = await test.app.inject({
      ...requestOf(themePublishingEndpoints.publish),
      headers: bearer(owner.accessToken),
    });
    expect(published.statusCode, published.body).toBe(201);
    expect(await doneSteps(owner.accessToken)).toContain('theme');
    expect(json(await guide(owner.accessToken)).data).toMatchObject({ doneCount: 6, complete: false });

    await order(product.id, false); // checked out, never paid: not a sale
    expect(await doneSteps(owner.accessToken)).not.toContain('firstSale');
    await order(product.id);
    expect(json(await guide(owner.accessToken)).data).toMatchObject({ doneCount: 7, complete: true });

    // Another store's owner sees their own store's steps, none of these.
    expect(await doneSteps(other.accessToken)).toEqual(['kyc']);
  }, 120_000);

  it("is the owner's: staff, customers, admins, partners and anonymous callers are refused", async () => {
    const owner = await sellingStore(test, setup);
    for (const role of ['manager', 'finance', 'inventory', 'sales'] as const) {
      const response = await guide(await storeMemberToken(test, owner.storeId, role));
      expect(response.statusCode, role).toBe(403);
      expect(json(response).message).toBe(`Your role (${role}) does not have the bank:write permission`);
    }
    const customer = await createConfirmedAccount(test, 'customer');
    expect((await guide((await login(test, 'customer', customer.email)).accessToken)).statusCode).toBe(403);
    for (const role of ['admin', 'superadmin'] as const)
      expect((await guide((await createAdmin(test, role)).accessToken)).statusCode).toBe(403);
    expect((await guide((await createPartner(test)).accessToken)).statusCode).toBe(403);
    expect((await guide()).statusCode).toBe(401);
  }, 60_000);
});
