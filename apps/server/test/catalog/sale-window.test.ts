import { customerProductEndpoints, productEndpoints } from '@market/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lagosDay } from '../../src/modules/catalog/catalog.rules.js';
import { orderItems } from '../../src/modules/orders/orders.schema.js';
import { CACHE_MAX_AGE_SECONDS, createMemoryResponseCache } from '../../src/platform/http/response-cache.js';
import {
  addToCart,
  type CommerceSetup,
  checkout,
  listedProduct,
  type SellingStore,
  shopper,
} from '../support/commerce-factory.js';
import { requestOf } from '../support/contract-requests.js';
import { movableClock } from '../support/movable-clock.js';
import { bearer, json, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';

// A sale runs only within its Lagos days (ADR 077): the product page, the listing, the cart and checkout all
// price by the one rule, and a cached listing shows the end of a sale within the cache's bounded staleness.

const DAY_MS = 86_400_000;
const clock = movableClock();

let test: TestApp;
let setup: CommerceSetup;
let store: SellingStore;

beforeAll(async () => {
  const market = await world({
    customers: 0,
    app: { now: clock.now, responseCache: createMemoryResponseCache(() => clock.now().getTime()) },
  });
  ({ test, setup } = market);
  [store] = market.stores;
}, 120_000);
afterAll(() => test?.close());

/** Milliseconds from now to 00:00:30 of the next Lagos day: the first moment after a sale ending today. */
function untilTomorrowInLagos(): number {
  const today = lagosDay(new Date());
  const nextMidnight = new Date(`${today}T00:00:00+01:00`).getTime() + DAY_MS;
  return nextMidnight - Date.now() + 30_000;
}

const productPage = async (id: string) =>
  json(await test.app.inject(requestOf(customerProductEndpoints.one, { params: { id } }))).data;
const storeListing = async () =>
  json(
    await test.app.inject(
      requestOf(customerProductEndpoints.storeCatalog, { query: { storeId: store.storeId } }),
    ),
  ).data;
const listed = (page: { data?: { id: string }[] } | { id: string }[], id: string) =>
  (Array.isArray(page) ? page : (page.data ?? [])).find((product) => product.id === id) as
    | { pricing: { sellingPrice: number; price: number }[]; discountPercentage: number }
    | undefined;
const chargedKobo = async (productId: string) => {
  const customer = await shopper(test);
  expect((await addToCart(test, customer, productId, 1)).statusCode).toBe(200);
  const created = await checkout(test, customer);
  expect(created.statusCode, created.body).toBe(201);
  const orders = json(created).data.tracker.orders as { id: string }[];
  const [item] = await test.deps.db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orders[0]!.id), eq(orderItems.productId, productId)));
  return item!.unitPriceKobo;
};

describe('a sale with start and end days', () => {
  it('charges the sale price inside the window and the regular price after it, and the listing follows', async () => {
    clock.offsetMs = 0;
    const today = lagosDay(new Date());
    const started = lagosDay(new Date(Date.now() - 5 * DAY_MS));
    const product = await listedProduct(test, setup, store, {
      pricing: [
        { costPrice: 9000, sellingPrice: 12500, price: 15000, saleStartDate: started, saleEndDate: today },
      ],
    });

    // Inside: the last day of the sale.
    expect((await productPage(product.id)).pricing[0]).toEqual({ sellingPrice: 12500, price: 15000 });
    expect(listed(await storeListing(), product.id)).toMatchObject({
      pricing: [{ sellingPrice: 12500, price: 15000 }],
      discountPercentage: 16,
    });
    expect(await chargedKobo(product.id)).toBe(1_250_000);
    // The merchant sees the sale price as set, and its days (before the clock moves: the session is short).
    const mine = await test.app.inject({
      ...requestOf(productEndpoints.mineOne, { params: { id: product.id } }),
      headers: bearer(store.accessToken),
    });
    expect(mine.statusCode).toBe(200);
    expect(json(mine).data.pricing[0]).toMatchObject({
      sellingPrice: 12500,
      saleStartDate: started,
      saleEndDate: today,
    });

    // 30 seconds into the next Lagos day: checkout reads no cache and charges the regular price at once.
    clock.offsetMs = untilTomorrowInLagos();
    expect(await chargedKobo(product.id)).toBe(1_500_000);

    // The cached listing may keep the ended sale at most the cache's lifetime (freshness, then the staleness bound of
    // ADR 110), then shows the regular price.
    clock.offsetMs += (CACHE_MAX_AGE_SECONDS + 1) * 1000;
    expect((await productPage(product.id)).pricing[0]).toEqual({ sellingPrice: 15000, price: 15000 });
    expect(listed(await storeListing(), product.id)).toMatchObject({
      pricing: [{ sellingPrice: 15000, price: 15000 }],
      discountPercentage: 0,
    });
  });

  it('charges the regular price before the sale starts', async () => {
    clock.offsetMs = 0;
    const tomorrow = lagosDay(new Date(Date.now() + DAY_MS));
    const product = await listedProduct(test, setup, store, {
      pricing: [
        { costPrice: 9000, sellingPrice: 10000, price: 15000, saleStartDate: tomorrow, saleEndDate: null },
      ],
    });
    expect((await productPage(product.id)).pricing[0]).toEqual({ sellingPrice: 15000, price: 15000 });
    expect(await chargedKobo(product.id)).toBe(1_500_000);
    clock.offsetMs = untilTomorrowInLagos();
    expect(await chargedKobo(product.id)).toBe(1_000_000);
    clock.offsetMs = 0;
  });

  it('refuses a sale that ends before it starts', async () => {
    await expect(
      listedProduct(test, setup, store, {
        pricing: [
          { costPrice: 1, sellingPrice: 2, price: 3, saleStartDate: '2026-12-10', saleEndDate: '2026-12-09' },
        ],
      }),
    ).rejects.toThrow(/The sale cannot end before it starts/);
  });
});
