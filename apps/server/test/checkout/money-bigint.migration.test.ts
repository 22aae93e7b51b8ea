import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Migration 0032 (ADR 063) makes every kobo column bigint. This file runs the migrations before it, writes a
// discounted product and a checkout as the old code did, runs 0032 and checks that the amounts and the generated
// discount (dropped and made again: PostgreSQL cannot retype a column a generated column reads) survive, that every
// money column of the schema is bigint, and that an amount past the old int4 limit now fits. (Each migration is
// plain SQL, the same on PGlite and PostgreSQL.)

const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
const statementsOf = (file: string) =>
  fs
    .readFileSync(path.join(folder, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter(Boolean);
const migrations = fs
  .readdirSync(folder)
  .filter((file) => /^\d{4}_.*\.sql$/.test(file))
  .sort();
const target = migrations.find((file) => file.includes('money_bigint'))!;

let db: PGlite;
const PRODUCT = '66666666-6666-4666-8666-666666666666';
const TRACKER = '33333333-3333-4333-8333-333333333333';

beforeAll(async () => {
  db = new PGlite();
  for (const file of migrations.slice(0, migrations.indexOf(target)))
    for (const statement of statementsOf(file)) await db.exec(statement);
  // Rows only: their store, category and customer are not what this file is about.
  await db.exec(`set session_replication_role = replica`);
  await db.query(
    `insert into products (id, store_id, store_name, name, category_id, cost_price_kobo, selling_price_kobo,
       price_kobo, sku, is_visible) values ($1, gen_random_uuid(), 'Old Store', 'Old phone', gen_random_uuid(),
       12000000, 15000000, 18500000, 'OLD-1', true)`,
    [PRODUCT],
  );
  await db.query(
    `insert into order_trackers (id, reference, customer_id, status, items_subtotal_kobo, shipping_total_kobo,
       discount_total_kobo, amount_due_kobo, delivery_address, expires_at)
     values ($1, 'CHK-OLD', gen_random_uuid(), 'paid', 2147483000, 647, 0, 2147483647, '{}'::jsonb, now())`,
    [TRACKER],
  );
  await db.exec(`set session_replication_role = origin`);
  for (const statement of statementsOf(target)) await db.exec(statement);
}, 120_000);
afterAll(() => db.close());

describe('0032: money is bigint', () => {
  it('keeps every amount and makes the generated discount again, with its index', async () => {
    const product = await db.query(
      `select cost_price_kobo, selling_price_kobo, price_kobo, discount_basis_points from products where id = $1`,
      [PRODUCT],
    );
    // (18,500,000 − 15,000,000) × 10,000 / 18,500,000 = 1891.9, truncated as before.
    expect(product.rows[0]).toEqual({
      cost_price_kobo: 12_000_000,
      selling_price_kobo: 15_000_000,
      price_kobo: 18_500_000,
      discount_basis_points: 1891,
    });
    const tracker = await db.query(
      `select items_subtotal_kobo, amount_due_kobo from order_trackers where id = $1`,
      [TRACKER],
    );
    expect(tracker.rows[0]).toEqual({ items_subtotal_kobo: 2_147_483_000, amount_due_kobo: 2_147_483_647 });
    const index = await db.query(
      `select indexdef from pg_indexes where indexname = 'products_visible_discount_idx'`,
    );
    expect(index.rows).toHaveLength(1);
  });

  it('leaves no money column an integer', async () => {
    const columns = await db.query<{ column: string; data_type: string }>(
      `select table_name || '.' || column_name as column, data_type from information_schema.columns
       where table_schema = 'public'
         and (column_name like '%kobo%' or column_name in ('discount_value', 'min_require_value'))
       order by 1`,
    );
    expect(columns.rows.length).toBeGreaterThan(40);
    expect(columns.rows.filter((row) => row.data_type !== 'bigint')).toEqual([]);
  });

  it('holds the 120-phone checkout that used to fail (₦57,189,000)', async () => {
    await db.query(
      `update order_trackers set items_subtotal_kobo = 5718900000, amount_due_kobo = 5718900000
      where id = $1`,
      [TRACKER],
    );
    await db.query(
      `update products set selling_price_kobo = 99999999999, price_kobo = 100000000000 where id = $1`,
      [PRODUCT],
    );
    const product = await db.query(`select discount_basis_points from products where id = $1`, [PRODUCT]);
    expect(product.rows[0]).toEqual({ discount_basis_points: 0 });
  });
});
