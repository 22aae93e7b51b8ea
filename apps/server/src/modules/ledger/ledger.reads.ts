import { eq, type SQL, sql, sum } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { rowsOf } from '../../platform/db/rows-of.js';
import { OPEN } from './ledger.payout-rows.js';
import { storeBalances } from './ledger.rollups.js';
import { ledgerEntries, payoutOrders, payouts } from './ledger.schema.js';

/** Net amount per account (and store) of the lines matching `where`. */
export async function sums(executor: Db, where: SQL | undefined) {
  const rows = await executor
    .select({
      account: ledgerEntries.account,
      storeId: ledgerEntries.storeId,
      total: sum(ledgerEntries.amountKobo).mapWith(Number),
    })
    .from(ledgerEntries)
    .where(where)
    .groupBy(ledgerEntries.account, ledgerEntries.storeId);
  return rows;
}

/**
 * What each of the store's orders has payable and not yet carried by a processed or open payout: its payable
 * lines (payout movements aside) less what payouts took of it (ADR 047). A refund after a payout leaves a
 * negative amount, netted by the next payout.
 */
export async function outstandingPerOrder(executor: Db, storeId: string) {
  const result = await executor.execute(sql`
    select o.order_id as "orderId", (o.payable - coalesce(t.taken, 0))::bigint as "amountKobo"
    from (select e.order_id, -sum(e.amount_kobo) as payable from ${ledgerEntries} e
        where e.store_id = ${storeId} and e.account = 'merchant_payable' and e.order_id is not null
          and e.kind not in ('payout', 'payout_reversal')
        group by e.order_id) o
      left join (select po.order_id, sum(po.amount_kobo) as taken from ${payoutOrders} po
        join ${payouts} p on p.id = po.payout_id
        where p.store_id = ${storeId} and p.status in ('approved', 'processing', 'processed')
        group by po.order_id) t on t.order_id = o.order_id
    where o.payable - coalesce(t.taken, 0) <> 0
    order by o.order_id`);
  const rows = rowsOf<{ orderId: string; amountKobo: string | number }>(result);
  return rows.map((row) => ({ orderId: row.orderId, amountKobo: Number(row.amountKobo) }));
}

/** A store's balances from the roll-ups (ADR 067: the same sums of its lines, kept as they are posted). */
export async function storeFigures(executor: Db, storeId: string) {
  const [[balances], payoutTotals] = await Promise.all([
    storeBalances(executor, storeId),
    executor
      .select({ status: payouts.status, total: sum(payouts.amountKobo).mapWith(Number) })
      .from(payouts)
      .where(eq(payouts.storeId, storeId))
      .groupBy(payouts.status),
  ]);
  const approved = payoutTotals
    .filter((row) => OPEN.includes(row.status))
    .reduce((acc, row) => acc + row.total, 0);
  const processed = payoutTotals.find((row) => row.status === 'processed')?.total ?? 0;
  return {
    escrowKobo: balances?.escrowKobo ?? 0,
    payableKobo: (balances?.payableKobo ?? 0) - approved,
    approvedKobo: approved,
    processedKobo: processed,
    settledKobo: balances?.settlementKobo ?? 0,
  };
}
