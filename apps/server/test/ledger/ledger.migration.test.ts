import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Migration 0027 (ADR 047) drops the money columns of `orders`: the ledger's own tables take what they held. This
// file runs the migrations before it, writes an order booked by the ledger (commission set, payable, carried by a
// processed payout, with its movements) and one the ledger never booked, as the old code wrote them, runs 0027 and
// checks what the books now know. (Each migration is plain SQL, the same on PGlite and PostgreSQL.)

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
const target = migrations.find((file) => file.includes('ledger_owns_order_money'))!;

let db: PGlite;
const STORE = '22222222-2222-4222-8222-222222222222';
const BOOKED = '44444444-4444-4444-8444-444444444441';
const UNBOOKED = '44444444-4444-4444-8444-444444444442';
const PAYOUT = '55555555-5555-4555-8555-555555555555';
const PAID_AT = new Date('2026-11-01T10:00:00Z');
const PAYABLE_AT = new Date('2026-11-20T10:00:00Z');

beforeAll(async () => {
  db = new PGlite();
  for (const file of migrations.slice(0, migrations.indexOf(target)))
    for (const statement of statementsOf(file)) await db.exec(statement);
  const tracker = '33333333-3333-4333-8333-333333333333';
  await db.query(
    `insert into order_trackers (id, reference, customer_id, status, items_subtotal_kobo, shipping_total_kobo,
       discount_total_kobo, amount_due_kobo, delivery_address, expires_at, paid_at)
     values ($1, 'CHK-OLD', gen_random_uuid(), 'paid', 200000, 10000, 0, 210000, '{}'::jsonb, now(), $2)`,
    [tracker, PAID_AT],
  );
  // Booked (money columns set, payable, carried by the payout) or not (all null).
  const order = (id: string, name: string, booked: boolean) =>
    db.query(
      `insert into orders (id, tracker_id, order_name, customer_id, store_id, merchant_id, store_name, status,
         subtotal_kobo, shipping_fee_kobo, discount_kobo, total_kobo, delivery_address, commission_basis_points,
         commission_kobo, due_to_merchant_kobo, payable_at, paid_out_at, payout_id, created_at, updated_at)
       values ($1, $2, $3, gen_random_uuid(), $4, gen_random_uuid(), 'Old Store', 'completed', 100000, 5000, 0,
         105000, '{}'::jsonb, $5::integer, $6::integer, $7::integer, $8::timestamptz, $8::timestamptz, $9::uuid,
         $10, $10)`,
      booked
        ? [id, tracker, name, STORE, 750, 7500, 92500, PAYABLE_AT, PAYOUT, PAID_AT]
        : [id, tracker, name, STORE, null, null, null, null, null, PAID_AT],
    );
  await db.query(
    `insert into payouts (id, reference, store_id, store_name, amount_kobo, status, order_count, approved_by,
       processed_at) values ($1, 'PAY-OLD', $2, 'Old Store', 92500, 'processed', 1, gen_random_uuid(), now())`,
    [PAYOUT, STORE],
  );
  await order(BOOKED, 'NM-BOOKED', true);
  // The booked order's movements as the ledger posted them: payment, commission, shipping fee, escrow released;
  // the payout's line carries no order (why ADR 047 links payouts to orders).
  const line = (
    movement: string,
    kind: string,
    account: string,
    store: string | null,
    amount: number,
    order: string | null,
  ) =>
    db.query(
      `insert into ledger_entries (movement_id, kind, account, store_id, order_id, payout_id, amount_kobo, memo, created_at)
       values ($1, $2, $3, $4::uuid, $5::uuid, $6::uuid, $7, 'old', $8)`,
      [movement, kind, account, store, order, kind === 'payout' ? PAYOUT : null, amount, PAID_AT],
    );
  const m = (n: number) => `66666666-6666-4666-8666-66666666666${n}`;
  await line(m(1), 'payment', 'payments_clearing', null, 105000, BOOKED);
  await line(m(1), 'payment', 'merchant_escrow', STORE, -105000, BOOKED);
  await line(m(2), 'commission', 'merchant_escrow', STORE, 7500, BOOKED);
  await line(m(2), 'commission', 'platform_commission', null, -7500, BOOKED);
  await line(m(3), 'shipping_fee', 'merchant_escrow', STORE, 5000, BOOKED);
  await line(m(3), 'shipping_fee', 'shipping_fees', null, -5000, BOOKED);
  await line(m(4), 'escrow_release', 'merchant_escrow', STORE, 92500, BOOKED);
  await line(m(4), 'escrow_release', 'merchant_payable', STORE, -92500, BOOKED);
  await line(m(5), 'payout', 'merchant_payable', STORE, 92500, null);
  await line(m(5), 'payout', 'payments_clearing', null, -92500, null);
  // An order paid before the ledger: no commission, no lines.
  await order(UNBOOKED, 'NM-UNBOOKED', false);
  for (const statement of statementsOf(target)) await db.exec(statement);
}, 180_000);
afterAll(() => db.close());

describe('migration 0027: the ledger owns the order money', () => {
  it('gives every booked order its page (rate, payable since) and leaves unbooked ones to the start-up flow', async () => {
    const pages = await db.query<Record<string, unknown>>(
      'select order_id, store_id, commission_basis_points, booked_at, payable_at from ledger_orders',
    );
    expect(pages.rows).toEqual([
      {
        order_id: BOOKED,
        store_id: STORE,
        commission_basis_points: 750,
        booked_at: PAID_AT,
        payable_at: PAYABLE_AT,
      },
    ]);
  });

  it('links the existing payout to its order with what it paid of it, so the order counts as paid out', async () => {
    const links = await db.query<Record<string, unknown>>(
      'select payout_id, order_id, amount_kobo from payout_orders',
    );
    expect(links.rows).toEqual([{ payout_id: PAYOUT, order_id: BOOKED, amount_kobo: 92500 }]);
  });

  it('drops the money columns of orders', async () => {
    const columns = await db.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = 'orders'`,
    );
    const names = columns.rows.map((row) => row.column_name);
    for (const dropped of [
      'commission_basis_points',
      'commission_kobo',
      'due_to_merchant_kobo',
      'payable_at',
      'paid_out_at',
      'payout_id',
    ])
      expect(names).not.toContain(dropped);
  });
});
