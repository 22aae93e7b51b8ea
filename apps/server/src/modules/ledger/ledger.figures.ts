import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { rowsOf } from '../../platform/db/rows-of.js';
import { ledgerEntries, ledgerOrders, payoutOrders, payouts } from './ledger.schema.js';

/**
 * An order's money as the books say it (ADR 046), in kobo, from its ledger entries only:
 * - `commission`: what the platform keeps, the net of the order's `platform_commission` lines, negated (a refund
 *   gives its share back; a refund the platform bears leaves it kept, the cost sits in `platform_chargebacks`).
 * - `due`: what the store is owed for it, the net of its `merchant_escrow` and `merchant_payable` lines (payout
 *   and subaccount settlement movements excluded), negated; `escrowDue` and `payableDue` are its two parts (before
 *   and after completion).
 * - `settled`: what Paystack paid the store for it through a split (subaccount settlement, ADR 051).
 * - `refunded`: what went back to the customer, refunds net of their reversals (their `payments_clearing` lines, or
 *   `pod_refunds_owed` for an order paid at the door, ADR 089);
 *   `refundedGoods` is its part for the goods (the delivery fee given back, on `shipping_fees`, taken off).
 * - `paidOut`: what processed payouts paid of its payable part (ADR 047: the payout's own link to the order);
 *   with `settled`, `payableDue − paidOut − settled` is payable and not yet paid (or settled ahead, negative).
 * - `goodsKept`: the goods the customer paid for and kept, refunds (whoever bore them) taken off: the order's net
 *   of the store's, the commission's and the chargebacks' lines, payouts aside.
 */
export interface LedgerOrderFigures {
  commission: number;
  /**
   * The rate the order was charged (its page's, the store's payment category when it was paid), in basis points;
   * null when the books never heard of it. Screens name it ("Commission (10 %)"), not commission ÷ goods, which a
   * refund or rounding moves (ADR 083).
   */
  commissionBasisPoints: number | null;
  due: number;
  escrowDue: number;
  payableDue: number;
  refunded: number;
  refundedGoods: number;
  paidOut: number;
  settled: number;
  goodsKept: number;
}

/**
 * The per-order figures as a read-only relation with columns `order_id`, `commission`, `due`, `escrow_due`,
 * `payable_due`, `paid_out`, `settled`, `refunded`, `refunded_goods` and `goods_kept` (bigint kobo), for other
 * modules' read models (finance, reports) to join (ADR 047: a module may publish a read relation of its own tables;
 * it never hands out SQL that writes). `orderIds`: a subquery of the order ids wanted, so only their entries are
 * read (by the order index).
 */
export function ledgerOrderFiguresSql(orderIds: SQL): SQL {
  return sql`select b.*, coalesce(x.paid_out, 0)::bigint as paid_out from (${entryFigures(orderIds)}) b
    left join (select po.order_id, sum(po.amount_kobo) as paid_out from ${payoutOrders} po
        join ${payouts} p on p.id = po.payout_id and p.status = 'processed'
        where po.order_id in (${orderIds}) group by po.order_id) x on x.order_id = b.order_id`;
}

function entryFigures(orderIds: SQL): SQL {
  return sql`select e.order_id,
      -coalesce(sum(e.amount_kobo) filter (where e.account = 'platform_commission'), 0)::bigint as commission,
      -coalesce(sum(e.amount_kobo) filter (where e.account in ('merchant_escrow', 'merchant_payable')
        and e.kind not in ('payout', 'payout_reversal', 'settlement')), 0)::bigint as due,
      -coalesce(sum(e.amount_kobo) filter (where e.account = 'merchant_escrow'
        and e.kind not in ('payout', 'payout_reversal', 'settlement')), 0)::bigint as escrow_due,
      -coalesce(sum(e.amount_kobo) filter (where e.account = 'merchant_payable'
        and e.kind not in ('payout', 'payout_reversal', 'settlement')), 0)::bigint as payable_due,
      -coalesce(sum(e.amount_kobo) filter (where e.account in ('payments_clearing', 'pod_refunds_owed')
        and e.kind in ('refund', 'refund_reversal')), 0)::bigint as refunded,
      -coalesce(sum(e.amount_kobo) filter (where e.account in ('payments_clearing', 'pod_refunds_owed', 'shipping_fees')
        and e.kind in ('refund', 'refund_reversal')), 0)::bigint as refunded_goods,
      coalesce(sum(e.amount_kobo) filter (where e.account = 'merchant_payable'
        and e.kind = 'settlement'), 0)::bigint as settled,
      -coalesce(sum(e.amount_kobo) filter (where e.account in ('merchant_escrow', 'merchant_payable',
        'platform_commission', 'platform_chargebacks')
        and e.kind not in ('payout', 'payout_reversal', 'settlement')), 0)::bigint as goods_kept
    from ${ledgerEntries} e
    where e.order_id in (${orderIds})
    group by e.order_id`;
}

/** One order's figures (all zero when the books never heard of it). */
export async function ledgerOrderFigures(db: Db, orderId: string): Promise<LedgerOrderFigures> {
  const result = await db.execute(sql`select f.*,
      (select commission_basis_points from ${ledgerOrders} where order_id = ${orderId}::uuid) as rate
    from (select 1) one left join (${ledgerOrderFiguresSql(sql`select ${orderId}::uuid`)}) f on true`);
  const rows = rowsOf<Record<string, unknown>>(result);
  const row = rows[0];
  return {
    commission: Number(row?.commission ?? 0),
    commissionBasisPoints: row?.rate === null || row?.rate === undefined ? null : Number(row.rate),
    due: Number(row?.due ?? 0),
    escrowDue: Number(row?.escrow_due ?? 0),
    payableDue: Number(row?.payable_due ?? 0),
    refunded: Number(row?.refunded ?? 0),
    refundedGoods: Number(row?.refunded_goods ?? 0),
    paidOut: Number(row?.paid_out ?? 0),
    settled: Number(row?.settled ?? 0),
    goodsKept: Number(row?.goods_kept ?? 0),
  };
}

// The goods part of what went back to each order's customer is published as the view `ledger_order_refunded_goods`
// (ledger.schema.ts, migration 0052): the same lines as `refundedGoods` above, which the ledger's tests compare.

/** Whether the books hold any paid order of the store: its first sale (the setup guide's step). */
export async function storeHasBookedSale(db: Db, storeId: string): Promise<boolean> {
  const rows = await db
    .select({ orderId: ledgerOrders.orderId })
    .from(ledgerOrders)
    .where(eq(ledgerOrders.storeId, storeId))
    .limit(1);
  return rows.length > 0;
}

/**
 * The commission rates a store's orders of a range of Lagos days were charged (their pages' rates), lowest first:
 * one rate unless the store's payment category changed in the range. The payment report names them ("Commission
 * (10 %)", ADR 083) rather than commission ÷ goods, which refunds and rounding move.
 */
export async function ledgerChargedRates(
  db: Db,
  storeId: string,
  days: { from: string; to: string },
): Promise<number[]> {
  const result = await db.execute(sql`select distinct commission_basis_points as rate from ${ledgerOrders}
    where store_id = ${storeId}::uuid and order_day >= ${days.from}::date and order_day <= ${days.to}::date
    order by rate`);
  const rows = rowsOf<{ rate: unknown }>(result);
  return rows.map((row) => Number(row.rate));
}
