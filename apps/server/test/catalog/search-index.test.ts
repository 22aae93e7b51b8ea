import { customerProductEndpoints, type ProductSort, productSorts } from '@market/contracts';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSearchIndex, type SearchIndex } from '../../src/modules/catalog/search-index/search-index.js';
import { listedProduct } from '../support/commerce-factory.js';
import { requestOf } from '../support/contract-requests.js';
import { spiedStorefront } from '../support/storefront-spy.js';
import { json, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';

// The search index (ADR 116): a search's matches and their order in any sort from memory, the page's cards from
// PostgreSQL by key. Held here to the pages PostgreSQL's own order gives, ties included, and to what changed since
// it last looked: in this process, behind its back, and in a transaction that commits late.

const KETTLES = 13;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let test: TestApp;
let market: Awaited<ReturnType<typeof world>>;
const quiet = pino({ level: 'silent' });
const indexes: SearchIndex[] = [];

beforeAll(async () => {
  market = await world({ customers: 0 });
  ({ test } = market);
  const store = market.stores[0]!;
  for (let index = 0; index < KETTLES; index += 1) {
    await listedProduct(test, market.setup, store, {
      // "Held" in every name, "copper" in some, "steel" in the rest: one word for all, two words for some.
      name: `Held ${index % 3 === 0 ? 'copper' : 'steel'} kettle ${index}`,
      // Prices in pairs, so the price orders break ties on the id.
      pricing: [{ costPrice: 500, sellingPrice: 1000 + Math.floor(index / 2) * 500, price: 9000 }],
    });
  }
  // Ties in every other sort too: sales in threes, ratings in pairs of (average, count), and creation times that
  // differ by a microsecond only (a JavaScript Date would make them equal) or not at all.
  await test.database.db.execute(sql`
    update products set
      sales_count = (k.position / 3) * 4,
      rating_average = case when k.position % 4 < 2 then 4.50 else 3.75 end,
      rating_count = k.position % 2,
      created_at = timestamptz '2026-05-01 09:00:00.000001+00' + (k.position / 2) * interval '1 microsecond'
    from (select id, row_number() over (order by name) as position
          from products where name like 'Held %') k
    where products.id = k.id`);
}, 120_000);
afterAll(async () => {
  for (const index of indexes) index.stop();
  await test.close();
});

/** The storefront's listing on the test's database, with or without an index of its own, noting what it asks. */
async function storefront(withIndex: boolean, exactCountUpTo = 1000) {
  let searchIndex: SearchIndex | undefined;
  if (withIndex) {
    searchIndex = createSearchIndex(test.database.db, quiet);
    indexes.push(searchIndex);
    await searchIndex.start();
  }
  return { searchIndex, ...spiedStorefront(test.database.db, { exactCountUpTo, searchIndex }) };
}

// Relevance (no sort asked) and every sort customers can pick.
const sorts: (ProductSort | undefined)[] = [undefined, ...productSorts];
const windows = [
  [0, 4],
  [4, 4],
  [8, 4],
  [12, 4],
  [3, 7],
  [20, 4],
] as const;

describe('a search answered by the search index', () => {
  it("pages as PostgreSQL's own order does, ties and microseconds included, in every sort and at every offset", async () => {
    const indexed = await storefront(true);
    const database = await storefront(false);
    expect(indexed.searchIndex!.ready).toBe(true);
    for (const search of ['held kettle', 'copper kettle', 'Kettles']) {
      for (const sortBy of sorts) {
        for (const [offset, limit] of windows) {
          const query = { search, sortBy, offset, limit };
          const fromIndex = await indexed.list(query);
          const fromDatabase = await database.list(query);
          const label = JSON.stringify(query);
          expect(
            fromIndex.page.data.map((row) => row.id),
            label,
          ).toEqual(fromDatabase.page.data.map((row) => row.id));
          // The same cards, byte for byte, the same total, and the same cursor to the next page.
          expect(fromIndex.page, label).toEqual(fromDatabase.page);
          expect(fromIndex.nextCursor, label).toEqual(fromDatabase.nextCursor);
          expect(fromIndex.page.count, label).toBe(search === 'copper kettle' ? 5 : KETTLES);
        }
      }
    }
    // Beyond the exact count's bound too, the index's total is the count of its matches, not an estimate.
    const tight = await storefront(true, 3);
    const beyond = await tight.list({ search: 'held kettle', sortBy: 'price_asc', limit: 2 });
    expect(beyond.page).toMatchObject({ count: KETTLES, countIsEstimate: false });
    // The index asked PostgreSQL for cards by key only: no page over the matches, no estimate, no count.
    expect(new Set(indexed.asked)).toEqual(new Set(['cards', 'ranked cards']));
    expect(database.asked).toContain('page');
  });

  it('pages on by cursor from a page the index cut, as from a page PostgreSQL ordered', async () => {
    const indexed = await storefront(true);
    const first = await indexed.list({ search: 'held kettle', sortBy: 'price_desc', limit: 5 });
    expect(first.nextCursor).toBeDefined();
    const next = await indexed.list({
      search: 'held kettle',
      sortBy: 'price_desc',
      limit: 5,
      cursor: first.nextCursor,
    });
    const whole = await (await storefront(false)).list({
      search: 'held kettle',
      sortBy: 'price_desc',
      limit: 10,
    });
    expect([...first.page.data, ...next.page.data].map((row) => row.id)).toEqual(
      whole.page.data.map((row) => row.id),
    );
  });

  it('leaves searches it cannot answer as PostgreSQL would (or, phrases, not, other filters) to PostgreSQL', async () => {
    const indexed = await storefront(true);
    const database = await storefront(false);
    for (const query of [
      { search: 'copper or steel', sortBy: 'price_asc' as const },
      { search: '"copper kettle"', sortBy: 'newest' as const },
      { search: 'kettle -copper', sortBy: 'best_selling' as const },
      { search: 'held kettle', sortBy: 'price_asc' as const, minPrice: 2000 },
    ]) {
      const before = indexed.asked.length;
      const fromIndex = await indexed.list(query);
      expect(indexed.asked.slice(before), JSON.stringify(query)).toContain('page');
      expect(fromIndex.page, JSON.stringify(query)).toEqual((await database.list(query)).page);
    }
  });

  it('follows what changed: a product hidden or repriced behind its back, and one listed through the API', async () => {
    const indexed = await storefront(true);
    const before = await indexed.list({ search: 'copper kettle', sortBy: 'price_asc' });
    expect(before.page.count).toBe(5);
    const [hidden, repriced] = before.page.data;
    // Hidden in SQL, heard of by no one: the page's cards miss it, so the index catches up and cuts the page again.
    await test.database.db.execute(sql`update products set is_visible = false where id = ${hidden!.id}`);
    try {
      const askedBefore = indexed.asked.length;
      const after = await indexed.list({ search: 'copper kettle', sortBy: 'newest' });
      expect(after.page.data.map((row) => row.id)).not.toContain(hidden!.id);
      expect(after.page.count).toBe(4);
      // Cut by the index again after catching up, not handed to PostgreSQL.
      expect(indexed.asked.slice(askedBefore)).toEqual(['cards', 'cards']);
    } finally {
      await test.database.db.execute(sql`update products set is_visible = true where id = ${hidden!.id}`);
    }
    // Repriced in SQL to the dearest, then a catalog change is heard (as another process's write arrives).
    await test.database.db.execute(
      sql`update products set selling_price_kobo = 99000000, price_kobo = 99000000 where id = ${repriced!.id}`,
    );
    indexed.searchIndex!.changed();
    const dearest = await indexed.list({ search: 'copper kettle', sortBy: 'price_desc', limit: 1 });
    expect(dearest.page.data[0]?.id).toBe(repriced!.id);
    expect(dearest.page.count).toBe(5);

    // Through the API the app's own index hears the change: the new kettle is on its next page.
    const viaApi = async (sortBy: ProductSort) => {
      const response = await test.app.inject(
        requestOf(customerProductEndpoints.list, { query: { search: 'copper kettle', sortBy, limit: 20 } }),
      );
      expect(response.statusCode, response.body).toBe(200);
      return json(response).data as { data: { id: string }[]; count: number };
    };
    expect((await viaApi('top_rated')).count).toBe(5);
    const added = await listedProduct(test, market.setup, market.stores[0]!, {
      name: 'Held copper kettle extra',
      pricing: [{ costPrice: 100, sellingPrice: 200, price: 300 }],
    });
    const page = await viaApi('price_asc');
    expect(page.data[0]?.id).toBe(added.id);
    expect(page.count).toBe(6);
    await test.database.db.execute(sql`update products set is_visible = false where id = ${added.id}`);
  });

  it.skipIf(!onPostgres)(
    'does not skip a change whose transaction commits after a later one it has already read',
    async () => {
      const indexed = await storefront(true);
      const [first, second] = (await indexed.list({ search: 'copper kettle', sortBy: 'price_asc' })).page
        .data;
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let updated!: () => void;
      const began = new Promise<void>((resolve) => {
        updated = resolve;
      });
      // The first kettle repriced in a transaction that stays open while a later one commits and is read.
      const late = test.database.db.transaction(async (tx) => {
        await tx.execute(
          sql`update products set selling_price_kobo = 198000000, price_kobo = 198000000 where id = ${first!.id}`,
        );
        updated();
        await held;
      });
      await began;
      await test.database.db.execute(
        sql`update products set selling_price_kobo = 197000000, price_kobo = 197000000 where id = ${second!.id}`,
      );
      indexed.searchIndex!.changed();
      const meanwhile = await indexed.list({ search: 'copper kettle', sortBy: 'price_desc', limit: 2 });
      expect(meanwhile.page.data[0]?.id).toBe(second!.id);
      release();
      await late;
      indexed.searchIndex!.changed();
      const after = await indexed.list({ search: 'copper kettle', sortBy: 'price_desc', limit: 2 });
      expect(after.page.data.map((row) => row.id)).toEqual([first!.id, second!.id]);
    },
  );
});
