import {
  customerProductEndpoints,
  notificationEndpoints,
  productEndpoints,
  wishlistEndpoints,
} from '@market/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lagosDay } from '../../src/modules/catalog/catalog.rules.js';
import { wishlistItems } from '../../src/modules/wishlist/wishlist.schema.js';
import { createMemoryResponseCache } from '../../src/platform/http/response-cache.js';
import {
  type CommerceSetup,
  listedProduct,
  type SellingStore,
  type Shopper,
  shopper,
} from '../support/commerce-factory.js';
import { requestOf, urlOf } from '../support/contract-requests.js';
import { movableClock } from '../support/movable-clock.js';
import { bearer, json, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';

// A sale counts in every catalogue read only within its Lagos days (issue 35, ADR 095): the price filter, the price
// sort and the deals rails agree with the price the product page shows and checkout charges; at a sale's first and
// last day the timed job moves the listing price, drops cached listings, and tells the customers who saved the
// product once per sale, and nobody when the sale was moved away.

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

const day = (days: number) => lagosDay(new Date(Date.now() + days * DAY_MS));

/** Milliseconds from now to 00:00:30 of the Lagos day `days` ahead. */
function untilLagosDay(days: number): number {
  const midnight = new Date(`${lagosDay(new Date())}T00:00:00+01:00`).getTime() + days * DAY_MS;
  return midnight - Date.now() + 30_000;
}

const onSale = (
  name: string,
  sellingPrice: number,
  saleStartDate: string | null,
  saleEndDate: string | null,
) =>
  listedProduct(test, setup, store, {
    name,
    pricing: [{ costPrice: 5000, sellingPrice, price: 15000, saleStartDate, saleEndDate }],
  });

/** The marketplace listing's ids (this file's app holds only this file's products), in its order. */
async function listingIds(query: string): Promise<string[]> {
  const response = await test.app.inject({
    method: 'GET',
    url: `${urlOf(customerProductEndpoints.list)}?limit=50&${query}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  const answer = json(response);
  const page = answer.data as { data?: { id: string }[] } | { id: string }[];
  return (Array.isArray(page) ? page : (page.data ?? [])).map((product) => product.id);
}

async function dealIds(): Promise<string[]> {
  const answer = json(
    await test.app.inject(requestOf(customerProductEndpoints.superDeals, { query: { limit: 50 } })),
  );
  return (answer.data as { id: string }[]).map((product) => product.id);
}

describe('a sale in listings, filters, sorts and deals', () => {
  let ended: string;
  let future: string;
  let running: string;
  let plain: string;

  it('a sale that ended is not filtered, sorted or dealt as on sale; a future sale does not show early', async () => {
    clock.offsetMs = 0;
    ended = (await onSale('Ended sale kettle', 12500, day(-5), day(-2))).id;
    future = (await onSale('Future sale fan', 10000, day(1), day(3))).id;
    running = (await onSale('Running sale iron', 14000, day(-1), day(0))).id;
    plain = (await onSale('No sale blender', 13000, null, null)).id;
    // 13000 is the plain product's price all the time (an open sale): the sale days decide nothing for it.

    // Filtered by the price customers pay now: the ended and future sales sit at the regular ₦15,000.
    expect(await listingIds('minPrice=9000&maxPrice=12600')).toEqual([]);
    expect((await listingIds('minPrice=14900&maxPrice=15000')).sort()).toEqual([ended, future].sort());
    expect(await listingIds('minPrice=13500&maxPrice=14500')).toEqual([running]);
    // Sorted by it too.
    const ascending = await listingIds('sortBy=price_asc');
    expect(ascending.slice(0, 2)).toEqual([plain, running]);
    expect(ascending.slice(2).sort()).toEqual([ended, future].sort());
    expect((await listingIds('sortBy=price_desc')).slice(2)).toEqual([running, plain]);
    // Deals: the open sale and the running one, never the ended or the future one.
    const deals = await dealIds();
    expect(deals).toEqual(expect.arrayContaining([plain, running]));
    expect(deals).not.toContain(ended);
    expect(deals).not.toContain(future);
  });

  it('at the next Lagos day the job starts the future sale and ends the running one, and cached listings follow', async () => {
    // A listing read after midnight but before the job is cached with yesterday's prices; the job's catalogue
    // change drops it at once, without waiting out the cache's lifetime.
    clock.offsetMs = untilLagosDay(1);
    expect(await listingIds('minPrice=9000&maxPrice=10500')).toEqual([]);
    // Two runs at once: each product moves once (the rows are locked as they move).
    const runs = await Promise.all([test.jobs.saleDays(), test.jobs.saleDays()]);
    expect(runs.reduce((sum, run) => sum + run.started, 0)).toBe(1);
    expect(runs.reduce((sum, run) => sum + run.ended, 0)).toBe(1);
    expect(await listingIds('minPrice=9000&maxPrice=10500')).toEqual([future]);
    expect((await listingIds('sortBy=price_asc'))[0]).toBe(future);
    expect((await listingIds('sortBy=price_asc')).slice(-2).sort()).toEqual([ended, running].sort());
    const deals = await dealIds();
    expect(deals).toContain(future);
    expect(deals).not.toContain(running);
    // The product page shows what the listing sorted by.
    const page = json(
      await test.app.inject(requestOf(customerProductEndpoints.one, { params: { id: running } })),
    );
    expect(page.data.pricing[0]).toEqual({ sellingPrice: 15000, price: 15000 });
    // A second run the same day moves nothing.
    expect(await test.jobs.saleDays()).toMatchObject({ started: 0, ended: 0 });
    clock.offsetMs = 0;
  });
});

describe('saved products hear of a sale when it starts', () => {
  let ada: Shopper;

  async function priceDrops(customer: Shopper): Promise<string[]> {
    await test.jobs.fanOutNotifications();
    // Read at the real time: the customer's session would have run out on the moved clock.
    const movedBy = clock.offsetMs;
    clock.offsetMs = 0;
    const answer = await test.app.inject({
      ...requestOf(notificationEndpoints.list, { query: { limit: 50 } }),
      headers: bearer(customer.token),
    });
    clock.offsetMs = movedBy;
    const list = json(answer).data.notifications as { kind: string; title: string }[];
    return list.filter((one) => one.kind === 'wishlist.price-drop').map((one) => one.title);
  }

  it('tells once on the sale’s first day, and nothing of a sale whose days were moved away', async () => {
    clock.offsetMs = 0;
    ada = await shopper(test);
    const starting = (await onSale('Starting sale cooker', 9000, day(1), day(4))).id;
    const postponed = await onSale('Postponed sale radio', 9000, day(1), day(4));
    for (const productId of [starting, postponed.id]) {
      const saved = await test.app.inject({
        ...requestOf(wishlistEndpoints.save),
        headers: bearer(ada.token),
        payload: { productId },
      });
      expect(saved.statusCode, saved.body).toBe(201);
      expect(json(saved).data.price).toBe(15000);
    }
    // The merchant moves the radio's sale to next week before it starts.
    const edited = await test.app.inject({
      ...requestOf(productEndpoints.edit, { params: { id: postponed.id } }),
      headers: bearer(store.accessToken),
      payload: {
        pricing: [
          { costPrice: 5000, sellingPrice: 9000, price: 15000, saleStartDate: day(7), saleEndDate: day(9) },
        ],
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await priceDrops(ada)).toEqual([]);

    clock.offsetMs = untilLagosDay(1);
    const run = await test.jobs.saleDays();
    expect(run.told).toBe(1);
    expect(await priceDrops(ada)).toEqual(['Starting sale cooker is now ₦9,000.00']);
    // Neither a second run nor the quarter-hourly sweep tells again.
    await test.jobs.saleDays();
    await test.jobs.wishlistNotices();
    expect(await priceDrops(ada)).toHaveLength(1);

    // Even a sweep that read the old price (two runners at once), on a later day of the same sale, tells nothing new:
    // the notice is keyed by the sale, not by the day.
    await test.deps.db
      .update(wishlistItems)
      .set({ noticedPriceKobo: 1_500_000 })
      .where(eq(wishlistItems.productId, starting));
    clock.offsetMs = untilLagosDay(2);
    await test.jobs.wishlistNotices();
    expect(await priceDrops(ada)).toHaveLength(1);
    clock.offsetMs = 0;
  });
});
