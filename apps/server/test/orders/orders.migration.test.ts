import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Migration 0003 moves refund state out of closed_reason into refund_status and each paid order's delivery token
// into order_handovers. This file runs the migrations before it, writes rows as the old code wrote them, runs
// 0003 and checks the backfill. (Each migration is plain SQL, the same on PGlite and PostgreSQL.)

const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
const statementsOf = (file: string) =>
  fs
    .readFileSync(path.join(folder, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter(Boolean);
const migrationFile = (prefix: string) => fs.readdirSync(folder).find((file) => file.startsWith(prefix))!;

let db: PGlite;

const CUSTOMER = '11111111-1111-4111-8111-111111111111';
const STORE = '22222222-2222-4222-8222-222222222222';
const T_PLAIN = '33333333-3333-4333-8333-333333333331';
const T_DUE = '33333333-3333-4333-8333-333333333332';
const T_REFUNDED = '33333333-3333-4333-8333-333333333333';

beforeAll(async () => {
  db = new PGlite();
  for (const prefix of ['0000_', '0001_', '0002_'])
    for (const statement of statementsOf(migrationFile(prefix))) await db.exec(statement);

  const tracker = (
    id: string,
    reference: string,
    status: string,
    closedReason: string | null,
    refunded: boolean,
  ) =>
    db.query(
      `insert into order_trackers (id, reference, customer_id, status, items_subtotal_kobo, shipping_total_kobo,
         discount_total_kobo, amount_due_kobo, delivery_address, expires_at, closed_reason, refunded_at)
       values ($1, $2, $3, $4, 100000, 5000, 0, 105000, '{}'::jsonb, now(), $5, $6)`,
      [id, reference, CUSTOMER, status, closedReason, refunded ? new Date() : null],
    );
  await tracker(T_PLAIN, 'CHK-PLAIN', 'paid', null, false);
  await tracker(
    T_DUE,
    'CHK-DUE',
    'expired',
    'Payment was not received within 30 minutes.; payment arrived late, refund due',
    false,
  );
  await tracker(
    T_REFUNDED,
    'CHK-REFUNDED',
    'failed',
    'The payment did not go through.; payment arrived late, refund due',
    true,
  );

  const order = (name: string, trackerId: string, status: string, token: string | null) =>
    db.query(
      `insert into orders (tracker_id, order_name, customer_id, store_id, merchant_id, store_name, status,
         subtotal_kobo, shipping_fee_kobo, discount_kobo, total_kobo, delivery_address, order_delivery_token)
       values ($1, $2, $3, $4, $4, 'Shop', $5, 100000, 5000, 0, 105000, '{}'::jsonb, $6)`,
      [trackerId, name, CUSTOMER, STORE, status, token],
    );
  await order('NM-PENDING', T_PLAIN, 'pending', '123456');
  await order('NM-DELIVERED', T_PLAIN, 'delivered', '654321');
  await order('NM-UNPAID', T_DUE, 'cancelled', null);

  for (const statement of statementsOf(migrationFile('0003_'))) await db.exec(statement);
}, 60_000);
afterAll(() => db.close());

describe('migration 0003 order ownership', () => {
  it('turns the "refund due" phrase and refunded_at into the refund-state column', async () => {
    const { rows } = await db.query<{ id: string; refund_status: string; refunded_kobo: number }>(
      'select id, refund_status, refunded_kobo from order_trackers order by reference',
    );
    expect(rows).toEqual([
      { id: T_DUE, refund_status: 'due', refunded_kobo: 0 },
      { id: T_PLAIN, refund_status: 'none', refunded_kobo: 0 },
      { id: T_REFUNDED, refund_status: 'refunded', refunded_kobo: 105000 },
    ]);
  });

  it("writes each paid order's delivery token as its carrier-to-customer hand-over, hashed", async () => {
    const { rows } = await db.query<Record<string, unknown>>(
      `select o.order_name, h.from_party_kind, h.to_party_kind, h.to_party_id, h.token_hash, h.wrong_attempts,
              h.locked, h.completed_at is not null as completed
         from order_handovers h join orders o on o.id = h.order_id order by o.order_name`,
    );
    const hash = (token: string) => createHash('sha256').update(token).digest('hex');
    expect(rows).toEqual([
      {
        order_name: 'NM-DELIVERED',
        from_party_kind: 'carrier',
        to_party_kind: 'customer',
        to_party_id: CUSTOMER,
        token_hash: hash('654321'),
        wrong_attempts: 0,
        locked: false,
        completed: true,
      },
      {
        order_name: 'NM-PENDING',
        from_party_kind: 'carrier',
        to_party_kind: 'customer',
        to_party_id: CUSTOMER,
        token_hash: hash('123456'),
        wrong_attempts: 0,
        locked: false,
        completed: false,
      },
    ]);
  });
});
