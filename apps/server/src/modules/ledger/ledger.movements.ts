import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { insertFromJson, jsonRows } from '../../platform/db/json-rows.js';
import { preparedSql } from '../../platform/db/prepared.js';
import { storeCommissionRates } from '../stores/index.js';
import { commissionSql, STANDARD_BASIS_POINTS } from './ledger.commission.js';
import { insertDeltasSql, openedPagesDeltasSql, rollupDeltasSql } from './ledger.rollups.js';
import { ledgerEntries, ledgerOrders } from './ledger.schema.js';
import type { Movement } from './ledger.service.js';

// Writing the books (ADR 027, 037, 067): a movement's lines, checked to balance, in one insert that also counts
// them in the roll-ups; and the orders' pages opened at payment.

// Built once (ADR 037): every payment writes its lines, one JSON parameter for any number of them.
const entryKeys = [
  'movementId',
  'kind',
  'account',
  'storeId',
  'carrierId',
  'orderId',
  'refundId',
  'payoutId',
  'amountKobo',
  'memo',
  'createdAt',
] as const;
const entriesJson = jsonRows(ledgerEntries, entryKeys);
/** The lines, and in the same statement what they change of the roll-ups (ADR 067). */
const insertEntries = preparedSql(
  'ledger_insert_entries',
  () => sql`with ins as (${insertFromJson(ledgerEntries, entryKeys, 'entries')} returning *)
    ${insertDeltasSql(rollupDeltasSql(sql`ins`))}`,
);

/**
 * At payment, in one statement built once (ADR 037; issue 32, item 6, ADR 087: the books of a checkout in one
 * statement instead of two), each order's page of the books with the commission rate of its store (the standard
 * one, flagged, when the store has none), the commission that rate gives, and every line: the payment's and the
 * shipping fee's (`$entries`, built and checked to balance by the caller) and the commission's, made here from the
 * commission just worked out (the escrow's line and the platform's, equal and opposite; none when it is zero). Orders
 * that already have a page are left alone, lines and all (answered without a row), so booking a payment twice posts
 * nothing twice. The lines' roll-up deltas join the pages this statement opens (the table cannot show them to it).
 * `$orders`: the orders' id, store, amounts, times and commission memo as JSON.
 */
export const bookPaymentsAtOnce = () =>
  preparedSql<{ order_id: string; rate_missing: boolean }>(
    'ledger_book_payments',
    () => sql`with v as (select x.order_id, x.store_id, x.paid_at, x.basis_points, x.rate_missing, k.commission_kobo,
        x.subtotal, x.discount, x.shipping, x.total, x.order_day, x.commission_memo
      from (select v.order_id, v.store_id, v.subtotal, v.discount, v.shipping, v.total, v.paid_at, v.commission_memo,
          ((v.created_at at time zone 'UTC') + interval '1 hour')::date as order_day, r.rate is null as rate_missing,
          coalesce(r.rate, ${sql.raw(String(STANDARD_BASIS_POINTS))}) as basis_points
        from jsonb_to_recordset(${sql.placeholder('orders')}::jsonb)
          as v(order_id uuid, store_id uuid, subtotal bigint, discount bigint, shipping bigint, total bigint,
            paid_at timestamptz, created_at timestamptz, commission_memo text)
        cross join lateral (select (select ${storeCommissionRates.commissionBasisPoints} from ${storeCommissionRates}
          where ${storeCommissionRates.storeId} = v.store_id) as rate) r) x
      cross join lateral (select ${commissionSql(sql`x.subtotal`, sql`x.discount`, sql`x.basis_points`)}
        as commission_kobo) k),
    opened as (
      insert into ${ledgerOrders} (order_id, store_id, commission_basis_points, booked_at, order_day, subtotal_kobo,
        discount_kobo, shipping_kobo, total_kobo)
      select order_id, store_id, basis_points, coalesce(paid_at, ${sql.placeholder('at')}::timestamptz), order_day,
        subtotal, discount, shipping, total from v
      on conflict (order_id) do nothing
      returning *),
    counted as (${insertDeltasSql(openedPagesDeltasSql(sql`opened`))}),
    commission as materialized (
      select gen_random_uuid() as movement_id, v.order_id, v.store_id, v.commission_kobo, v.commission_memo
      from v join opened on opened.order_id = v.order_id where v.commission_kobo <> 0),
    lines as (
      select e.movement_id, e.kind, e.account, e.store_id, e.carrier_id, e.order_id, e.refund_id, e.payout_id,
        e.amount_kobo, e.memo, e.created_at
      from jsonb_populate_recordset(null::${ledgerEntries}, ${sql.placeholder('entries')}::jsonb) e
      where e.order_id in (select order_id from opened)
      union all
      select c.movement_id, 'commission', line.account, line.store_id, null, c.order_id, null, null, line.amount_kobo,
        c.commission_memo, ${sql.placeholder('at')}::timestamptz
      from commission c cross join lateral (values ('merchant_escrow', c.store_id, c.commission_kobo),
        ('platform_commission', null::uuid, -c.commission_kobo)) as line(account, store_id, amount_kobo)),
    ins as (
      insert into ${ledgerEntries} (movement_id, kind, account, store_id, carrier_id, order_id, refund_id, payout_id,
        amount_kobo, memo, created_at)
      select movement_id, kind, account, store_id, carrier_id, order_id, refund_id, payout_id, amount_kobo, memo,
        created_at from lines
      returning *),
    posted as (${insertDeltasSql(rollupDeltasSql(sql`ins`, sql`opened`))})
    select v.order_id, v.rate_missing from v join opened on opened.order_id = v.order_id`,
  );

/** The rows of one balanced movement (none when every line is zero); throws when it does not sum to zero. */
function movementRows({ kind, memo, links, lines }: Movement, at: Date) {
  const kept = lines.filter((line) => line.amountKobo !== 0);
  if (kept.length === 0) return [];
  const total = kept.reduce((acc, line) => acc + line.amountKobo, 0);
  if (!kept.every((line) => Number.isSafeInteger(line.amountKobo)) || total !== 0) {
    throw new Error(`Unbalanced ${kind} movement (${total} kobo): ${JSON.stringify(kept)}`);
  }
  const movementId = randomUUID();
  return kept.map((line) => ({
    movementId,
    kind,
    account: line.account,
    storeId: line.storeId ?? null,
    carrierId: line.carrierId ?? null,
    orderId: links.orderId ?? null,
    refundId: links.refundId ?? null,
    payoutId: links.payoutId ?? null,
    amountKobo: line.amountKobo,
    memo,
    createdAt: at,
  }));
}

/** Several movements in one insert; each is checked to balance on its own. */
export async function postMany(now: () => Date, executor: Db, movements: Movement[]) {
  const at = now();
  const rows = movements.flatMap((movement) => movementRows(movement, at));
  if (rows.length > 0) await insertEntries(executor, { entries: entriesJson(rows) });
}

/** The movements' lines as `bookPaymentsAtOnce`'s `$entries`, each movement checked to balance on its own. */
export function entriesOf(movements: Movement[], at: Date): string {
  return entriesJson(movements.flatMap((movement) => movementRows(movement, at)));
}
