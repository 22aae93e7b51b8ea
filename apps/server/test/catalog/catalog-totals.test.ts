import { customerProductEndpoints } from '@market/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RELEVANCE_CANDIDATES,
  relevanceWindow,
} from '../../src/modules/catalog/products-listing.repository.js';
import { listedProduct } from '../support/commerce-factory.js';
import { requestOf } from '../support/contract-requests.js';
import { spiedStorefront } from '../support/storefront-spy.js';
import { json, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';

// A listing's total is counted exactly up to a bound and estimated beyond it, and the answer says which
// (`countIsEstimate`, ADR 114). The bound is 3 here, so a handful of products crosses it. Runs on PGlite and,
// in the PostgreSQL proofs, on the production driver (which hands the EXPLAIN's json over parsed, PGlite as text).

const BOUND = 3;
const PRODUCTS = 8;
let test: TestApp;
let categoryId: string;
/** The lanterns' ids, cheapest (and first created) first. */
const lanterns: string[] = [];

beforeAll(async () => {
  // Searches here are PostgreSQL's (the search index off): an index search's total is always exact (ADR 116).
  const market = await world({
    customers: 0,
    app: { env: { CATALOG_EXACT_COUNT_UP_TO: String(BOUND), CATALOG_SEARCH_INDEX: 'off' } },
  });
  ({ test } = market);
  const { setup } = market;
  const [store] = market.stores;
  categoryId = setup.tree.category.id;
  for (let index = 0; index < PRODUCTS; index += 1) {
    const product = await listedProduct(test, setup, store, {
      name: `Totals lantern ${index}`,
      // ₦1,000, ₦2,000, … ₦8,000: a price range picks how many match.
      pricing: [{ costPrice: 500, sellingPrice: (index + 1) * 1000, price: 9000 }],
    });
    lanterns.push(product.id);
  }
  // The planner's statistics, as the maintenance job (PGlite) or autovacuum (PostgreSQL) keeps them.
  await test.database.db.execute(sql`analyze products`);
}, 120_000);
afterAll(() => test.close());

async function listing(query: Record<string, string | number>) {
  const response = await test.app.inject(requestOf(customerProductEndpoints.list, { query }));
  expect(response.statusCode, response.body).toBe(200);
  return json(response).data as { data: { id: string }[]; count: number; countIsEstimate: boolean };
}

async function listingWithCursor(query: Record<string, string | number>) {
  const response = await test.app.inject(requestOf(customerProductEndpoints.list, { query }));
  expect(response.statusCode, response.body).toBe(200);
  // The next page's address travels in the Link header (rel="next").
  const link = response.headers.link as string | undefined;
  const nextCursor = link ? new URLSearchParams(link.split('?')[1]!.split('>')[0]).get('cursor') : null;
  return { ids: ids(json(response).data as { data: { id: string }[] }), nextCursor };
}

const ids = (page: { data: { id: string }[] }) => page.data.map((row) => row.id);

describe('listing totals', () => {
  it('counts a total up to the bound exactly, though the page is full', async () => {
    // ₦1,000–₦3,000: three products, two on the page.
    const page = await listing({ categoryId, minPrice: 1000, maxPrice: 3000, limit: 2 });
    expect(page.data).toHaveLength(2);
    expect(page).toMatchObject({ count: BOUND, countIsEstimate: false });
  });

  it('estimates a total beyond the bound, and says it is an estimate', async () => {
    const page = await listing({ categoryId, limit: 2 });
    expect(page.data).toHaveLength(2);
    expect(page.countIsEstimate).toBe(true);
    expect(page.count).toBeGreaterThan(BOUND);
  });

  it('estimates a search beyond the bound, ranked by relevance', async () => {
    const page = await listing({ search: 'totals lantern', limit: 2 });
    expect(page.data).toHaveLength(2);
    expect(page.countIsEstimate).toBe(true);
    expect(page.count).toBeGreaterThan(BOUND);
  });

  it('takes the exact total from a page that is not full, beyond the bound too', async () => {
    const page = await listing({ categoryId, minPrice: 1000, maxPrice: 20000, limit: 20 });
    expect(page.data).toHaveLength(PRODUCTS);
    expect(page).toMatchObject({ count: PRODUCTS, countIsEstimate: false });
    const last = await listing({ categoryId, minPrice: 1000, maxPrice: 20000, limit: 3, offset: 6 });
    expect(last.data).toHaveLength(2);
    expect(last).toMatchObject({ count: PRODUCTS, countIsEstimate: false });
  });

  it('counts a filter of the bound plus one as more than the bound', async () => {
    // ₦1,000–₦4,000: four products; the count stops one past the bound, so this one is an estimate.
    const page = await listing({ categoryId, minPrice: 1000, maxPrice: 4000, limit: 2, sortBy: 'price_asc' });
    expect(page.countIsEstimate).toBe(true);
    expect(page.count).toBeGreaterThan(BOUND);
  });
});

describe('the relevance window', () => {
  /** The storefront's listing on the test's database, with the total's two statements counted as they are asked. */
  const spiedListing = (exactCountUpTo: number) =>
    spiedStorefront(test.database.db, { exactCountUpTo, noting: ['estimate', 'count'] });

  it('takes the exact total of a search whose matches all fit the window from its page, asking nothing more', async () => {
    // Eight lanterns, fewer than the window's candidates and within this bound: the ranked page saw every match.
    const within = spiedListing(PRODUCTS);
    const { page } = await within.list({ search: 'totals lantern', limit: 2, offset: 0 });
    expect(page.data).toHaveLength(2);
    expect(page).toMatchObject({ count: PRODUCTS, countIsEstimate: false });
    expect(within.asked).toEqual([]);
    // Beyond the bound the rule is the estimate's, as before.
    const beyond = spiedListing(BOUND);
    const estimated = await beyond.list({ search: 'totals lantern', limit: 2, offset: 0 });
    expect(estimated.page.countIsEstimate).toBe(true);
    expect(beyond.asked).toContain('estimate');
  });

  it('ranks whole windows of candidates, enough to reach past the page', () => {
    expect(relevanceWindow(20, 0)).toBe(RELEVANCE_CANDIDATES);
    expect(relevanceWindow(20, RELEVANCE_CANDIDATES - 20)).toBe(RELEVANCE_CANDIDATES);
    // A page that crosses the first window's end ranks the next one whole, so it is not cut short.
    expect(relevanceWindow(20, RELEVANCE_CANDIDATES - 10)).toBe(2 * RELEVANCE_CANDIDATES);
    expect(relevanceWindow(100, 10_000)).toBeGreaterThanOrEqual(10_100);
  });
});

describe("a search in a column's order", () => {
  // A word every lantern has, more than the bound: the pages keep the column's order, by offset and by cursor, and
  // the total is the estimate (ADR 114).
  it('pages a common word in price order, by offset and by cursor, with an estimated total', async () => {
    const first = await listing({ search: 'lantern', sortBy: 'price_asc', limit: 3 });
    expect(ids(first)).toEqual(lanterns.slice(0, 3));
    expect(first.countIsEstimate).toBe(true);
    expect(first.count).toBeGreaterThan(BOUND);
    const second = await listing({ search: 'lantern', sortBy: 'price_asc', limit: 3, offset: 3 });
    expect(ids(second)).toEqual(lanterns.slice(3, 6));
    const dearest = await listingWithCursor({ search: 'lantern', sortBy: 'price_desc', limit: 3 });
    expect(dearest.ids).toEqual(lanterns.slice(5).reverse());
    const next = await listingWithCursor({
      search: 'lantern',
      sortBy: 'price_desc',
      limit: 3,
      cursor: dearest.nextCursor!,
    });
    expect(next.ids).toEqual(lanterns.slice(2, 5).reverse());
    const newest = await listing({ search: 'lantern', sortBy: 'newest', limit: 4, offset: 2 });
    expect(ids(newest)).toEqual(lanterns.slice(2, 6).reverse());
  });

  it('pages a price range in the newest order (the index carries the price, ADR 114 amended)', async () => {
    // ₦2,000–₦5,000: lanterns 1 to 4, the newest first.
    const page = await listing({ minPrice: 2000, maxPrice: 5000, sortBy: 'newest', limit: 3 });
    expect(ids(page)).toEqual(lanterns.slice(2, 5).reverse());
    const rest = await listing({ minPrice: 2000, maxPrice: 5000, sortBy: 'newest', limit: 3, offset: 3 });
    expect(ids(rest)).toEqual([lanterns[1]]);
  });
});
