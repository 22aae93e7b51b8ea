import { adminOrderEndpoints, customerOrderEndpoints, merchantOrderEndpoints } from '@market/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { urlOf } from '../support/contract-requests.js';
import { bearer, json } from '../support/test-app.js';
import { world } from '../support/world.js';

// The order lists (the customer's, a store's, the admins') count their total exactly up to a bound and estimate it
// beyond, and say which (`countIsEstimate`, ADR 114, as the catalog and the transactions list do): a list over every
// order of a large marketplace no longer counts them all for each page. The bound is 2 here, so three orders cross it.

const BOUND = 2;
const marketplace = () => world({ stores: 2, app: { env: { ORDERS_EXACT_COUNT_UP_TO: String(BOUND) } } });
let market: Awaited<ReturnType<typeof marketplace>>;
let merchantToken: string;
let otherMerchantToken: string;
let bigBuyerToken: string;
let smallBuyerToken: string;
const boughtBy: { big: string[]; small: string[] } = { big: [], small: [] };

beforeAll(async () => {
  market = await marketplace();
  const [store, otherStore] = market.stores;
  merchantToken = store.accessToken;
  otherMerchantToken = otherStore.accessToken;
  const [bigBuyer] = market.customers;
  const smallBuyer = await market.newCustomer();
  bigBuyerToken = bigBuyer.token;
  smallBuyerToken = smallBuyer.token;
  boughtBy.big = await market.paidOrders(store, 3, { customer: bigBuyer });
  boughtBy.small = await market.paidOrders(store, 2, { customer: smallBuyer });
  // The planner's statistics, as the maintenance job (PGlite) or autovacuum (PostgreSQL) keeps them.
  await market.test.database.db.execute(sql`analyze orders`);
  await market.test.database.db.execute(sql`analyze order_trackers`);
}, 240_000);
afterAll(() => market.close());

interface OrderList {
  orders: { id: string }[];
  pagination: { page: number; limit: number; totalItems: number; totalPages: number };
  countIsEstimate: boolean;
}

async function list(url: string, token: string): Promise<OrderList> {
  const response = await market.test.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return json(response).data as OrderList;
}

describe('order lists: exact totals up to the bound, estimates beyond it', () => {
  it("counts the store's five orders as an estimate past the bound, never fewer than the pages seen", async () => {
    const page = await list(urlOf(merchantOrderEndpoints.list, { query: { limit: 1 } }), merchantToken);
    expect(page.orders).toHaveLength(1);
    expect(page.countIsEstimate).toBe(true);
    // An estimate still promises a next page: at least the bound plus one.
    expect(page.pagination.totalItems).toBeGreaterThanOrEqual(BOUND + 1);
    expect(page.pagination.totalPages).toBeGreaterThan(1);
  });

  it('gives the exact total when the page is not full, whatever the bound', async () => {
    const page = await list(urlOf(merchantOrderEndpoints.list, { query: { limit: 20 } }), merchantToken);
    expect(page.orders).toHaveLength(5);
    expect(page.countIsEstimate).toBe(false);
    expect(page.pagination.totalItems).toBe(5);
  });

  it('counts a full page exactly when the matches are within the bound', async () => {
    const page = await list(urlOf(customerOrderEndpoints.list, { query: { limit: 1 } }), smallBuyerToken);
    expect(page.orders.map((order) => order.id)).toEqual([boughtBy.small[1]]);
    expect(page.countIsEstimate).toBe(false);
    expect(page.pagination.totalItems).toBe(2);
    expect(page.pagination.totalPages).toBe(2);
  });

  it("estimates the customer's three orders past the bound, and each page still reads its own orders", async () => {
    const first = await list(urlOf(customerOrderEndpoints.list, { query: { limit: 2 } }), bigBuyerToken);
    expect(first.countIsEstimate).toBe(true);
    expect(first.orders.map((order) => order.id)).toEqual([boughtBy.big[2], boughtBy.big[1]]);
    const second = await list(
      urlOf(customerOrderEndpoints.list, { query: { limit: 2, page: 2 } }),
      bigBuyerToken,
    );
    expect(second.orders.map((order) => order.id)).toEqual([boughtBy.big[0]]);
    // The last page is short: its total is exact again.
    expect(second.countIsEstimate).toBe(false);
    expect(second.pagination.totalItems).toBe(3);
  });

  it("the admins' list estimates every store's orders; another store's list is exactly empty", async () => {
    const admins = await list(
      urlOf(adminOrderEndpoints.list, { query: { limit: 2 } }),
      market.superadmin.accessToken,
    );
    expect(admins.countIsEstimate).toBe(true);
    expect(admins.pagination.totalItems).toBeGreaterThanOrEqual(BOUND + 1);
    const other = await list(urlOf(merchantOrderEndpoints.list, { query: { limit: 1 } }), otherMerchantToken);
    expect(other.orders).toEqual([]);
    expect(other.countIsEstimate).toBe(false);
    expect(other.pagination.totalItems).toBe(0);
  });

  it("refuses another account type the store's and the admins' lists", async () => {
    for (const [url, token] of [
      [urlOf(merchantOrderEndpoints.list), bigBuyerToken],
      [urlOf(adminOrderEndpoints.list), merchantToken],
      [urlOf(customerOrderEndpoints.list), merchantToken],
    ] as const) {
      const response = await market.test.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(response.statusCode, url).toBe(403);
      expect(json(response).error).toBe('FORBIDDEN');
    }
  });
});
