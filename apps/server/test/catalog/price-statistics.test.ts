import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  estimatePriced,
  type PriceStatistics,
  priceStatisticsOf,
  readPriceStatistics,
} from '../../src/modules/catalog/price-statistics.js';
import { plannerEstimate } from '../../src/platform/db/estimated-total.js';
import { listedProduct } from '../support/commerce-factory.js';
import { spiedStorefront } from '../support/storefront-spy.js';
import type { TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';

// A price range's total beyond the exact bound is the planner's estimate, worked out in the server from the
// statistics the planner keeps instead of asking EXPLAIN for each new range (ADR 116, amending 114). Runs on PGlite
// and, in the PostgreSQL proofs, on the production server: both planners must agree with it.

const BOUND = 3;
let test: TestApp;
let statistics: PriceStatistics;

beforeAll(async () => {
  const market = await world({ customers: 0 });
  ({ test } = market);
  const product = await listedProduct(test, market.setup, market.stores[0]!, { name: 'Statistics lamp' });
  // 1,200 copies: half at six common prices (the planner's most common values), half spread over ₦1,000–₦50,000
  // (its histogram); one in four not listed.
  await test.database.db.execute(sql`
    insert into products (store_id, name, description, category_id, sub_category_id, child_category_id,
      cost_price_kobo, selling_price_kobo, price_kobo, quantity, sku, weight, weight_unit, dimension, dimension_unit,
      when_sold_out, cont_sales_out_of_stock, stock_alert_units, is_digital_product, variants, variant_properties,
      hosted_images, approval_status, is_visible, store_name, category_text)
    select store_id, name, description, category_id, sub_category_id, child_category_id, 100,
      case when n % 2 = 0 then (array[150000, 250000, 499900, 1000000, 1250000, 2000000])[1 + (n / 2) % 6]
           else 100000 + ((n * 7919) % 4900000) end,
      99999900, quantity, sku || '-' || n, weight, weight_unit, dimension, dimension_unit,
      when_sold_out, cont_sales_out_of_stock, stock_alert_units, is_digital_product, variants, variant_properties,
      hosted_images, approval_status, n % 4 <> 0, store_name, category_text
    from products, generate_series(1, 1200) as n where id = ${product.id}`);
  await test.database.db.execute(sql`analyze products`);
  statistics = (await readPriceStatistics(test.database.db))!;
}, 120_000);
afterAll(() => test.close());

const kobo = (naira: number | undefined) => (naira === undefined ? undefined : naira * 100);

describe("a price range's estimate from the planner's statistics", () => {
  it('has the common prices, the histogram and the share listed to work from', () => {
    expect(statistics.common.length).toBeGreaterThanOrEqual(6);
    expect(statistics.bounds.length).toBeGreaterThan(10);
    expect(statistics.listedShare).toBeGreaterThan(0.6);
    expect(statistics.listedShare).toBeLessThan(0.9);
  });

  it('estimates as the planner does, for ranges over common prices, the histogram, and open ends', async () => {
    for (const [minPrice, maxPrice] of [
      [1000, 50000],
      [1500, 2500],
      [2500, 2500],
      [4999, 5000],
      [3000, 17000],
      [12000, 20000],
      [0, 100],
      [undefined, 5000],
      [30000, undefined],
    ] as const) {
      const low = minPrice === undefined ? sql`true` : sql`price_now_kobo >= ${kobo(minPrice)}`;
      const high = maxPrice === undefined ? sql`true` : sql`price_now_kobo <= ${kobo(maxPrice)}`;
      const planner = await plannerEstimate(
        test.database.db,
        sql`select 1 from products where is_visible and ${low} and ${high}`,
      );
      const ours = estimatePriced(statistics, kobo(minPrice), kobo(maxPrice));
      expect(
        Math.abs(ours - planner),
        `₦${minPrice}–₦${maxPrice}: ${ours} against the planner's ${planner}`,
      ).toBeLessThanOrEqual(Math.max(2, planner * 0.02));
    }
  });

  it("answers a new price range's total with it, and asks no EXPLAIN", async () => {
    const storefront = spiedStorefront(test.database.db, {
      exactCountUpTo: BOUND,
      noting: ['estimate'],
      priceStatistics: priceStatisticsOf(test.database.db),
    });
    const { asked } = storefront;
    const { page } = await storefront.list({ minPrice: 1000, maxPrice: 30000, limit: 2, offset: 0 });
    expect(page.data).toHaveLength(2);
    expect(page).toMatchObject({
      count: estimatePriced(statistics, 100_000, 3_000_000),
      countIsEstimate: true,
    });
    expect(asked).toEqual([]);
  });
});
