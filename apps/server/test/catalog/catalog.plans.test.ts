import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../../src/modules/catalog/catalog.schema.js';
import {
  customerOrder,
  customerWhere,
  selectProductIds,
} from '../../src/modules/catalog/products.repository.js';
import { createCatalogStatements } from '../../src/modules/catalog/products-listing.repository.js';
import type { Database } from '../../src/platform/db/client.js';
import { seedBulk } from '../../src/scripts/seed-bulk.js';
import { openTestDatabase } from '../support/test-app.js';

// Query plans only mean something on PostgreSQL, so this file runs when TEST_DATABASE_URL is set.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('customer listing query plans at 20,000 products', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let categoryId: string;
  let subCategoryId: string;
  let childCategoryId: string;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await seedBulk(database.db, { products: 20_000, stores: 100 });
    await database.db.execute(sql`vacuum analyze products`);
    const rows = await database.db.select().from(categories);
    categoryId = rows.find((row) => row.level === 1)!.id;
    subCategoryId = rows.find((row) => row.level === 2)!.id;
    childCategoryId = rows.find((row) => row.level === 3)!.id;
  }, 300_000);
  afterAll(() => drop?.());

  async function plan(query: SQL | { getSQL(): SQL }): Promise<string> {
    const result = (await database.db.execute(sql`explain ${query}`)) as unknown as {
      rows: { 'QUERY PLAN': string }[];
    };
    return result.rows.map((row) => row['QUERY PLAN']).join('\n');
  }

  const cases: [string, () => { where: SQL; order: SQL[]; offset?: number }][] = [
    ['newest', () => ({ where: customerWhere({}), order: customerOrder('newest') })],
    [
      'newest, deepest page',
      () => ({ where: customerWhere({}), order: customerOrder('newest'), offset: 10_000 }),
    ],
    [
      'search by relevance',
      () => ({
        where: customerWhere({ search: 'ankara dress' }),
        order: customerOrder('relevance', 'ankara dress'),
      }),
    ],
    [
      'search sorted by price',
      () => ({ where: customerWhere({ search: 'rice' }), order: customerOrder('price_asc') }),
    ],
    ['category', () => ({ where: customerWhere({ categoryId }), order: customerOrder('newest') })],
    ['sub-category', () => ({ where: customerWhere({ subCategoryId }), order: customerOrder('newest') })],
    ['child category', () => ({ where: customerWhere({ childCategoryId }), order: customerOrder('newest') })],
    ['price ascending', () => ({ where: customerWhere({}), order: customerOrder('price_asc') })],
    ['price descending', () => ({ where: customerWhere({}), order: customerOrder('price_desc') })],
    [
      'price range',
      () => ({
        where: customerWhere({ minPriceKobo: 100_000, maxPriceKobo: 200_000 }),
        order: customerOrder('price_asc'),
      }),
    ],
    [
      'category by price',
      () => ({ where: customerWhere({ categoryId }), order: customerOrder('price_asc') }),
    ],
    ['best selling', () => ({ where: customerWhere({}), order: customerOrder('best_selling') })],
    ['top rated', () => ({ where: customerWhere({}), order: customerOrder('top_rated') })],
    ['in stock', () => ({ where: customerWhere({ inStock: true }), order: customerOrder('newest') })],
  ];

  for (const [name, build] of cases) {
    it(`${name}: the page comes from an index, never a scan of products`, async () => {
      const { where, order, offset } = build();
      const text = await plan(selectProductIds(database.db, where, order, 20, offset ?? 0));
      expect(text, text).not.toContain('Seq Scan on products');
    });
  }

  // A deep page of a category in the price, sales or rating sort starts at the category's first row in the sort:
  // the sort's own index would walk every product before the page, of any category (ADR 114, amended).
  const categorySorts = [
    ['price_asc', 'price'],
    ['price_desc', 'price'],
    ['best_selling', 'sales'],
    ['top_rated', 'rating'],
  ] as const;
  const levels = [
    ['category', () => customerWhere({ categoryId })],
    ['sub_category', () => customerWhere({ subCategoryId })],
    ['child_category', () => customerWhere({ childCategoryId })],
  ] as const;
  for (const [sort, key] of categorySorts) {
    for (const [level, where] of levels) {
      it(`a deep ${level.replace('_', '-')} page by ${sort} reads the index the ${level.replace('_', '-')} leads`, async () => {
        const text = await plan(selectProductIds(database.db, where(), customerOrder(sort), 20, 400));
        expect(text, text).toContain(`products_visible_${level}_${key}_idx`);
      });
    }
  }

  // A price range in the newest, sales or rating sort, as the prepared listing runs it (a generic plan: the range
  // is a placeholder, its width unknown), walks that sort's index and checks the price there: the index carries it
  // (ADR 114, amended). Without it the plan fetched every product of the range from the table and sorted them.
  const rangeSorts = [
    ['newest', 'created_at desc, id desc', 'products_visible_created_idx'],
    ['best_selling', 'sales_count desc, id desc', 'products_visible_sales_idx'],
    ['top_rated', 'rating_average desc, rating_count desc, id desc', 'products_visible_rating_idx'],
  ] as const;
  for (const [sort, order, index] of rangeSorts) {
    it(`a price range by ${sort} walks ${index} without reading products, in the prepared statement's plan`, async () => {
      const text = await database.db.transaction(async (tx) => {
        await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
        await tx.execute(
          sql.raw(
            `prepare price_range_page(bigint, bigint, bigint, bigint) as select id from products where is_visible and price_now_kobo >= $1 and price_now_kobo <= $2 order by ${order} limit $3 offset $4`,
          ),
        );
        const result = (await tx.execute(
          sql`explain execute price_range_page(100000, 200000, 20, 0)`,
        )) as unknown as { rows: { 'QUERY PLAN': string }[] };
        await tx.execute(sql`deallocate price_range_page`);
        return result.rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      expect(text, text).toContain(`Index Only Scan Backward using ${index}`);
      expect(text, text).not.toContain('Bitmap Heap Scan');
    });
  }

  it('the sale-days job reads only the products whose price changes today (ADR 095), never a scan', async () => {
    const text = await plan(
      sql`select id from products where price_changes_on is not null and price_changes_on <= ${'2026-12-01'}::date for update`,
    );
    expect(text, text).toContain('products_price_changes_idx');
  });

  it("a filter's total is estimated without reading rows, close to the count, and counted only up to a bound (ADR 114)", async () => {
    const statements = createCatalogStatements(database.db);
    for (const filters of [
      { minPriceKobo: 100_000, maxPriceKobo: 900_000 },
      { categoryId },
      { search: 'premium' },
      {},
    ]) {
      const where = customerWhere(filters);
      const [exact] = (
        (await database.db.execute(
          sql`select count(*)::int as value from products where ${where}`,
        )) as unknown as {
          rows: { value: number }[];
        }
      ).rows;
      const estimate = await statements.estimate(filters);
      const label = `${JSON.stringify(filters)}: estimate ${estimate}, count ${exact!.value}`;
      expect(exact!.value, label).toBeGreaterThan(1_000);
      expect(Math.abs(estimate - exact!.value) / exact!.value, label).toBeLessThan(0.3);
      expect(await statements.count(filters, 1_001), label).toBe(1_001);
    }
  });

  it('the counts behind each page do not scan products either', async () => {
    // The in-stock count is served by `products_visible_in_stock_idx` (created_at where is_visible and quantity > 0).
    for (const [name, build] of cases) {
      const { where } = build();
      const text = await plan(sql`select count(*) from products where ${where}`);
      expect(text, `${name}\n${text}`).not.toContain('Seq Scan on products');
    }
  });
});
