import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { ledgerEntries } from './ledger.schema.js';

/**
 * An order's money as the books say it (ADR 046), in kobo, from its ledger entries only:
 * - `commission`: what the platform keeps, the net of the order's `platform_commission` lines, negated (a refund
 *   gives its share back; a refund the platform bears leaves it kept, the cost sits in `platform_chargebacks`).
 * - `due`: what the store is owed for it, the net of its `merchant_escrow` and `merchant_payable` lines (payout
 *   and subaccount settlement movements excluded), negated; `escrowDue` and `payableDue` are its two parts (before
 *   and after completion).
 * - `settled`: what Paystack paid the store for it through a split (subaccount settlement, ADR 051).
 * - `refunded`: what went back to the customer, refunds net of their reversals (their `payments_clearing` lines);
 *   `refundedGoods` is its part for the goods (the delivery fee given back, on `shipping_fees`, taken off).
 */
export interface LedgerOrderFigures {
  commission: number;
  due: number;
  escrowDue: number;
  payableDue: number;
  refunded: number;
  refundedGoods: number;
  settled: number;
}

/**
 * The per-order figures as a subquery with columns `order_id`, `commission`, `due`, `escrow_due`, `payable_due`,
 * `refunded`, `refunded_goods` and `settled` (bigint kobo), for other modules' read models (finance) to join. `orderIds`: a
 * subquery of the order ids wanted, so only their entries are read (by the order index).
 */
export function ledgerOrderFiguresSql(orderIds: SQL): SQL {
  return sql`select e.order_id,
      -coalesce(sum(e.amount_kobo) filter (where e.account = 'platform_commission'), 0)::bigint as commission,
      -coalesce(sum(e.amount_kobo) filter (where e.account in ('merchant_escrow', 'merchant_payable')
        and e.kind not in ('payout', 'payout_reversal', 'settlement')), 0)::bigint as due,
      -coalesce(sum(e.amount_kobo) filter (where e.account = 'merchant_escrow'
        and e.kind not in ('payout', 'payout_reversal', 'settlement')), 0)::bigint as escrow_due,
      -coalesce(sum(e.amount_kobo) filter (where e.account = 'merchant_payable'
        and e.kind not in ('payout', 'payout_reversal', 'settlement')), 0)::bigint as payable_due,
      -coalesce(sum(e.amount_kobo) filter (where e.account = 'payments_clearing'
        and e.kind in ('refund', 'refund_reversal')), 0)::bigint as refunded,
      -coalesce(sum(e.amount_kobo) filter (where e.account in ('payments_clearing', 'shipping_fees')
        and e.kind in ('refund', 'refund_reversal')), 0)::bigint as refunded_goods,
      coalesce(sum(e.amount_kobo) filter (where e.account = 'merchant_payable'
        and e.kind = 'settlement'), 0)::bigint as settled
    from ${ledgerEntries} e
    where e.order_id in (${orderIds})
    group by e.order_id`;
}

/** One order's figures (all zero when the books never heard of it). */
export async function ledgerOrderFigures(db: Db, orderId: string): Promise<LedgerOrderFigures> {
  const result = await db.execute(ledgerOrderFiguresSql(sql`select ${orderId}::uuid`));
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
    string,
    unknown
  >[];
  const row = rows[0];
  return {
    commission: Number(row?.commission ?? 0),
    due: Number(row?.due ?? 0),
    escrowDue: Number(row?.escrow_due ?? 0),
    payableDue: Number(row?.payable_due ?? 0),
    refunded: Number(row?.refunded ?? 0),
    refundedGoods: Number(row?.refunded_goods ?? 0),
    settled: Number(row?.settled ?? 0),
  };
}
