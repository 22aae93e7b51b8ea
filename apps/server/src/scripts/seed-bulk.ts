// Fills the configured database (DATABASE_URL, or PGlite under ./data) with realistic Nigerian stores, a
// three-level category tree and N products, for load tests and query plans.
// Run: npm run seed:bulk -- --products 100000 [--stores 500] [--orders 100000]
// --orders puts that many orders (a year of them, with customers, items, discounts, cancellations and returns) in the
// first seeded store, for the sales report's benchmark (bench/sales-report.bench.ts).
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { users } from '../modules/auth/auth.schema.js';
import { categories, products } from '../modules/catalog/catalog.schema.js';
import { BOOKS_CAUGHT_UP, clearMark } from '../modules/ledger/index.js';
import { orderItems, orders, orderTrackers } from '../modules/orders/orders.schema.js';
import { stores } from '../modules/stores/stores.schema.js';
import { loadConfig } from '../platform/config.js';
import { type Db, openDatabase } from '../platform/db/client.js';
import {
  adjectives,
  catalogTree,
  colours,
  lgasByState,
  random,
  states,
  storeKinds,
  storeWords,
} from './seed-bulk-data.js';

const BATCH_SIZE = 1000;

interface Leaf {
  categoryId: string;
  subCategoryId: string;
  childCategoryId: string;
  categoryText: string;
  nouns: string[];
}

async function seedCategories(db: Db, runId: string): Promise<Leaf[]> {
  const leaves: Leaf[] = [];
  let position = 0;
  for (const [topName, subs] of Object.entries(catalogTree)) {
    const [top] = await db
      .insert(categories)
      .values({ name: topName, slug: `${slug(topName)}-${runId}`, level: 1, position: position++ })
      .returning({ id: categories.id });
    for (const [subName, children] of Object.entries(subs)) {
      const [sub] = await db
        .insert(categories)
        .values({ name: subName, slug: slug(subName), level: 2, parentId: top!.id })
        .returning({ id: categories.id });
      for (const [childName, nouns] of Object.entries(children)) {
        const [child] = await db
          .insert(categories)
          .values({ name: childName, slug: slug(childName), level: 3, parentId: sub!.id })
          .returning({ id: categories.id });
        leaves.push({
          categoryId: top!.id,
          subCategoryId: sub!.id,
          childCategoryId: child!.id,
          categoryText: `${topName} ${subName} ${childName}`,
          nouns,
        });
      }
    }
  }
  return leaves;
}

function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

async function seedStores(db: Db, count: number, runId: string, rng: ReturnType<typeof random>) {
  const merchants = Array.from({ length: count }, (_, index) => ({
    kind: 'merchant' as const,
    firstName: rng.pick(['Chioma', 'Emeka', 'Aisha', 'Tunde', 'Ngozi', 'Ibrahim', 'Funke', 'Uche']),
    lastName: rng.pick(['Okafor', 'Adeyemi', 'Bello', 'Eze', 'Musa', 'Olawale', 'Nwosu']),
    email: `bulk.${runId}.${index}@seed.market.ng`,
    emailConfirmedAt: new Date(),
  }));
  const created: { id: string; storeName: string }[] = [];
  for (let start = 0; start < merchants.length; start += BATCH_SIZE) {
    const rows = await db
      .insert(users)
      .values(merchants.slice(start, start + BATCH_SIZE))
      .returning({ id: users.id });
    const storeRows = rows.map((row, offset) => {
      const index = start + offset;
      const storeName = `${rng.pick(storeWords)} ${rng.pick(storeKinds)} ${index + 1}`;
      return {
        merchantId: row.id,
        storeName,
        storeUrl: `${slug(storeName)}-${runId}`,
        approvalStatus: 'approved' as const,
        firstApproval: true,
        secondApproval: true,
        approvedAt: new Date(),
        // One store in twenty is still waiting: its products must stay out of customer answers.
        isVisible: index % 20 !== 0,
        shippingLocation: {
          country: 'Nigeria',
          state: rng.pick(states),
          street: '1 Market Road',
          city: 'Central',
        },
        followersCount: rng.int(0, 5000),
      };
    });
    const inserted = await db
      .insert(stores)
      .values(storeRows)
      .returning({ id: stores.id, storeName: stores.storeName, isVisible: stores.isVisible });
    created.push(...inserted);
  }
  return created as { id: string; storeName: string; isVisible: boolean }[];
}

export interface SeedBulkOptions {
  products: number;
  stores?: number;
  seed?: number;
  log?: (line: string) => void;
}

/** Multi-row inserts of BATCH_SIZE rows; returns the counts and how long each part took. */
export async function seedBulk(db: Db, options: SeedBulkOptions) {
  const log = options.log ?? (() => {});
  const rng = random(options.seed ?? 20_261_121);
  const runId = randomUUID().slice(0, 8);
  const storeCount = options.stores ?? Math.max(10, Math.round(options.products / 200));
  const started = performance.now();

  const leaves = await seedCategories(db, runId);
  const sellers = await seedStores(db, storeCount, runId, rng);
  log(`  ${leaves.length} child categories and ${sellers.length} stores in ${elapsed(started)}`);

  const productsStarted = performance.now();
  const now = Date.now();
  const year = 365 * 24 * 60 * 60 * 1000;
  for (let start = 0; start < options.products; start += BATCH_SIZE) {
    const batch: (typeof products.$inferInsert)[] = [];
    for (let index = start; index < Math.min(start + BATCH_SIZE, options.products); index++) {
      const leaf = rng.pick(leaves);
      const seller = sellers[index % sellers.length]!;
      const noun = rng.pick(leaf.nouns);
      const colour = rng.pick(colours);
      const priceKobo = rng.int(5, 5000) * 100 * 10;
      // About four products in ten are discounted, from 5 % to 70 %.
      const discounted = rng.next() < 0.4;
      const sellingPriceKobo = discounted ? Math.round((priceKobo * rng.int(30, 95)) / 100) : priceKobo;
      const approvalRoll = rng.next();
      const approvalStatus = approvalRoll < 0.9 ? 'approved' : approvalRoll < 0.97 ? 'pending' : 'rejected';
      batch.push({
        storeId: seller.id,
        name: `${rng.pick(adjectives)} ${noun} - ${colour}`,
        description: [
          `${noun} from ${seller.storeName}, delivered anywhere in Nigeria.`,
          `Colour: ${colour}. Quality checked before dispatch.`,
        ],
        categoryId: leaf.categoryId,
        subCategoryId: leaf.subCategoryId,
        childCategoryId: leaf.childCategoryId,
        costPriceKobo: Math.round(sellingPriceKobo * 0.7),
        sellingPriceKobo,
        priceKobo,
        quantity: rng.next() < 0.08 ? 0 : rng.int(1, 500),
        sku: `BULK-${runId}-${index}`,
        weight: String(rng.int(1, 20000) / 1000),
        stockAlertUnits: 5,
        hostedImages: [],
        approvalStatus,
        isVisible: approvalStatus === 'approved' && seller.isVisible,
        salesCount: rng.int(0, 2000),
        ratingAverage: (rng.int(0, 500) / 100).toFixed(2),
        ratingCount: rng.int(0, 300),
        storeName: seller.storeName,
        categoryText: leaf.categoryText,
        createdAt: new Date(now - Math.floor(rng.next() * year)),
      });
    }
    await db.insert(products).values(batch);
    if ((start / BATCH_SIZE) % 10 === 9)
      log(`  ${start + batch.length} products (${elapsed(productsStarted)})`);
  }
  await db.execute(sql`analyze products`);
  log(`  ${options.products} products in ${elapsed(productsStarted)}; total ${elapsed(started)}`);
  return {
    products: options.products,
    stores: sellers.length,
    categories: leaves.length,
    firstStoreId: sellers[0]?.id,
  };
}

export interface SeedOrdersOptions {
  orders: number;
  store: { id: string; storeName: string; merchantId: string };
  /** Orders are spread over this many days before now (default 365). */
  days?: number;
  customers?: number;
  seed?: number;
  log?: (line: string) => void;
}

/**
 * A year of one store's orders as checkout and the status machine leave them: trackers (most paid), orders spread
 * over the days, one to three items each from the store's products, a coupon on about three orders in ten, and some
 * cancelled after payment, returned or never paid. Multi-row inserts of BATCH_SIZE orders.
 */
export async function seedBulkOrders(db: Db, options: SeedOrdersOptions) {
  const log = options.log ?? (() => {});
  const rng = random(options.seed ?? 20_261_123);
  const runId = randomUUID().slice(0, 8);
  const started = performance.now();
  const customerIds = await seedBulkCustomers(db, rng, runId, options.customers ?? 2000);
  const catalog = await orderableProducts(db, options.store.id, rng);
  const now = Date.now();
  const span = (options.days ?? 365) * 24 * 60 * 60 * 1000;
  for (let start = 0; start < options.orders; start += BATCH_SIZE) {
    const size = Math.min(BATCH_SIZE, options.orders - start);
    const drafts = Array.from({ length: size }, (_, offset) =>
      draftOrder(rng, catalog, customerIds, now, span, start + offset),
    );
    await insertOrderBatch(db, options.store, runId, start, drafts);
    if ((start / BATCH_SIZE) % 10 === 9) log(`  ${start + size} orders (${elapsed(started)})`);
  }
  await db.execute(sql`analyze orders`);
  await db.execute(sql`analyze order_items`);
  await db.execute(sql`analyze order_trackers`);
  log(`  ${options.orders} orders of ${options.store.storeName} in ${elapsed(started)}`);
  return { orders: options.orders, customers: customerIds.length };
}

type Rng = ReturnType<typeof random>;
type Orderable = { id: string; name: string; sellingPriceKobo: number };
type Draft = ReturnType<typeof draftOrder>;

/** The shoppers the orders are spread over, inserted BATCH_SIZE at a time; their ids in order. */
async function seedBulkCustomers(db: Db, rng: Rng, runId: string, count: number): Promise<string[]> {
  const customerRows = Array.from({ length: count }, (_, index) => ({
    kind: 'customer' as const,
    firstName: rng.pick(['Adaeze', 'Bola', 'Chidi', 'Danjuma', 'Efe', 'Fatima', 'Gbenga', 'Halima']),
    lastName: rng.pick(['Okonkwo', 'Adebayo', 'Yusuf', 'Okoro', 'Lawal', 'Ibekwe']),
    email: `buyer.${runId}.${index}@seed.market.ng`,
    emailConfirmedAt: new Date(),
  }));
  const customerIds: string[] = [];
  for (let start = 0; start < customerRows.length; start += BATCH_SIZE) {
    const rows = await db
      .insert(users)
      .values(customerRows.slice(start, start + BATCH_SIZE))
      .returning({ id: users.id });
    customerIds.push(...rows.map((row) => row.id));
  }
  return customerIds;
}

/** Up to 300 of the store's products; fifty made-up ones when it has none (the report only reads the items). */
async function orderableProducts(db: Db, storeId: string, rng: Rng): Promise<Orderable[]> {
  const stocked = await db
    .select({ id: products.id, name: products.name, sellingPriceKobo: products.sellingPriceKobo })
    .from(products)
    .where(sql`${products.storeId} = ${storeId}`)
    .limit(300);
  return stocked.length > 0
    ? stocked
    : Array.from({ length: 50 }, (_, index) => ({
        id: randomUUID(),
        name: `Bulk product ${index + 1}`,
        sellingPriceKobo: rng.int(5, 500) * 10_000,
      }));
}

/**
 * The `number`-th order as drawn from the seeded sequence (in the order it always drew): its lines, discount,
 * shipping, how it ended, when within `span` before `now`, where it went and who bought it.
 */
function draftOrder(
  rng: Rng,
  catalog: Orderable[],
  customerIds: string[],
  now: number,
  span: number,
  number: number,
) {
  const lines = Array.from({ length: rng.int(1, 3) }, () => {
    const product = rng.pick(catalog);
    return { product, quantity: rng.int(1, 3) };
  });
  const subtotal = lines.reduce((sum, line) => sum + line.product.sellingPriceKobo * line.quantity, 0);
  const discount = rng.next() < 0.3 ? Math.round((subtotal * rng.int(5, 20)) / 100) : 0;
  const shipping = rng.int(10, 60) * 10_000;
  const roll = rng.next();
  const paid = roll >= 0.05;
  const status = !paid
    ? roll < 0.02
      ? 'awaiting_payment'
      : 'cancelled'
    : roll < 0.09
      ? 'cancelled'
      : roll < 0.1
        ? 'returned'
        : roll < 0.15
          ? 'pending'
          : roll < 0.2
            ? 'accepted'
            : roll < 0.5
              ? 'delivered'
              : 'completed';
  const state = rng.pick(states);
  const createdAt = new Date(now - Math.floor(rng.next() * span));
  const address = {
    fullName: 'Bulk Buyer',
    phoneNumber: '+2348030000000',
    emailAddress: null,
    state,
    lga: rng.pick(lgasByState[state] ?? ['Central']),
    address: `${number + 1} Market Road`,
  };
  return {
    lines,
    subtotal,
    discount,
    shipping,
    paid,
    status,
    createdAt,
    address,
    customerId: rng.pick(customerIds),
  };
}

/** One batch of drafts as checkout leaves them: trackers, then orders, then their items, a multi-row insert each. */
async function insertOrderBatch(
  db: Db,
  store: SeedOrdersOptions['store'],
  runId: string,
  start: number,
  drafts: Draft[],
): Promise<void> {
  const trackers = await db
    .insert(orderTrackers)
    .values(
      drafts.map((draft, offset) => ({
        reference: `CHK-BULK-${runId}-${start + offset}`,
        customerId: draft.customerId,
        status: draft.paid
          ? ('paid' as const)
          : draft.status === 'cancelled'
            ? ('expired' as const)
            : ('awaiting_payment' as const),
        itemsSubtotalKobo: draft.subtotal,
        shippingTotalKobo: draft.shipping,
        discountTotalKobo: draft.discount,
        amountDueKobo: draft.subtotal - draft.discount + draft.shipping,
        deliveryAddress: draft.address,
        expiresAt: new Date(draft.createdAt.getTime() + 30 * 60_000),
        paidAt: draft.paid ? new Date(draft.createdAt.getTime() + 5 * 60_000) : null,
        refundStatus: draft.paid && draft.status === 'cancelled' ? ('refunded' as const) : ('none' as const),
        createdAt: draft.createdAt,
      })),
    )
    .returning({ id: orderTrackers.id });
  const placed = await db
    .insert(orders)
    .values(
      drafts.map((draft, offset) => ({
        trackerId: trackers[offset]!.id,
        orderName: `NM-B${runId}${start + offset}`,
        customerId: draft.customerId,
        storeId: store.id,
        merchantId: store.merchantId,
        storeName: store.storeName,
        status: draft.status,
        subtotalKobo: draft.subtotal,
        shippingFeeKobo: draft.shipping,
        discountKobo: draft.discount,
        totalKobo: draft.subtotal - draft.discount + draft.shipping,
        deliveryAddress: draft.address,
        createdAt: draft.createdAt,
      })),
    )
    .returning({ id: orders.id });
  await db.insert(orderItems).values(
    drafts.flatMap((draft, offset) =>
      draft.lines.map((line) => ({
        orderId: placed[offset]!.id,
        productId: line.product.id,
        productName: line.product.name,
        sku: `BULK-${line.product.id.slice(0, 8)}`,
        unitPriceKobo: line.product.sellingPriceKobo,
        quantity: line.quantity,
      })),
    ),
  );
}

function elapsed(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

function argument(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number`);
  return value;
}

async function main() {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const database = await openDatabase(config.database);
  await database.migrate();
  const count = argument('products', 10_000);
  console.log(`Seeding ${count} products into ${database.driver}...`);
  const seeded = await seedBulk(database.db, {
    products: count,
    stores: process.argv.includes('--stores') ? argument('stores', 0) : undefined,
    log: console.log,
  });
  const orderCount = argument('orders', 0);
  if (orderCount > 0 && seeded.firstStoreId) {
    const [store] = await database.db
      .select({ id: stores.id, storeName: stores.storeName, merchantId: stores.merchantId })
      .from(stores)
      .where(sql`${stores.id} = ${seeded.firstStoreId}`);
    console.log(`Seeding ${orderCount} orders into ${store!.storeName}...`);
    await seedBulkOrders(database.db, { orders: orderCount, store: store!, log: console.log });
    // Paid orders written past the ledger: the next start books them (ADR 067).
    await clearMark(database.db, BOOKS_CAUGHT_UP);
  }
  await database.close();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
