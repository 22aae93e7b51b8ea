import {
  type AdminPaymentStats,
  koboToNaira,
  type MerchantBalances,
  type PayableMerchant,
  type PayoutFilter,
  type PayoutStatus,
} from '@market/contracts';
import { and, count, desc, eq, inArray, isNotNull, sum } from 'drizzle-orm';
import { pageInfo } from '../../platform/db/paging.js';
import { OPEN, payoutView } from './ledger.payout-rows.js';
import type { PayoutsContext } from './ledger.payouts.js';
import { storeFigures } from './ledger.reads.js';
import { storeBalances } from './ledger.rollups.js';
import { payouts } from './ledger.schema.js';
import { payeesOf } from './ledger.store-facts.js';

// What the books say a store is owed and what was paid out: a store's balances and payouts, the admins' figures
// and the stores with money to pay.

function nairaBalances(
  settlementMode: PayoutsContext['deps']['config']['settlementMode'],
  figures: Awaited<ReturnType<typeof storeFigures>>,
): MerchantBalances {
  return {
    settlementMode,
    escrow: koboToNaira(figures.escrowKobo),
    payable: koboToNaira(figures.payableKobo),
    approved: koboToNaira(figures.approvedKobo),
    processed: koboToNaira(figures.processedKobo),
    settled: koboToNaira(figures.settledKobo),
    owed: koboToNaira(figures.escrowKobo + figures.payableKobo),
  };
}

async function payoutPage(
  ctx: PayoutsContext,
  query: { page: number; limit: number; status?: PayoutFilter },
  storeId?: string,
) {
  const { db } = ctx;
  const where = and(
    storeId ? eq(payouts.storeId, storeId) : undefined,
    query.status === 'unknown'
      ? and(eq(payouts.status, 'processing'), isNotNull(payouts.outcomeUnknownSince))
      : query.status
        ? eq(payouts.status, query.status)
        : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(payouts)
      .where(where)
      .orderBy(desc(payouts.approvedAt), desc(payouts.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(payouts).where(where),
  ]);
  return {
    payouts: rows.map(payoutView),
    pagination: pageInfo(query.page, query.limit, Number(total?.total ?? 0)),
  };
}

export async function merchantBalances(ctx: PayoutsContext, storeId: string): Promise<MerchantBalances> {
  return nairaBalances(ctx.deps.config.settlementMode, await storeFigures(ctx.db, storeId));
}

export const merchantHistory = (
  ctx: PayoutsContext,
  storeId: string,
  query: { page: number; limit: number; status?: PayoutFilter },
) => payoutPage(ctx, query, storeId);

export const adminPayouts = (
  ctx: PayoutsContext,
  query: { page: number; limit: number; status?: PayoutFilter },
) => payoutPage(ctx, query);

export async function stats(ctx: PayoutsContext): Promise<AdminPaymentStats> {
  const { db } = ctx;
  const settlementMode = ctx.deps.config.settlementMode;
  const [payoutTotals, balances] = await Promise.all([
    db
      .select({ status: payouts.status, total: sum(payouts.amountKobo).mapWith(Number) })
      .from(payouts)
      .groupBy(payouts.status),
    storeBalances(db),
  ]);
  const open = await db
    .select({ storeId: payouts.storeId, total: sum(payouts.amountKobo).mapWith(Number) })
    .from(payouts)
    .where(inArray(payouts.status, [...OPEN]))
    .groupBy(payouts.storeId);
  const openOf = new Map(open.map((row) => [row.storeId, row.total]));
  const pending = balances.reduce(
    (acc, row) => acc + Math.max(0, row.payableKobo - (openOf.get(row.storeId) ?? 0)),
    0,
  );
  const total = (statuses: readonly PayoutStatus[]) =>
    payoutTotals.filter((row) => statuses.includes(row.status)).reduce((acc, row) => acc + row.total, 0);
  const settled = { total: balances.reduce((acc, row) => acc + row.settlementKobo, 0) };
  return {
    processedPayment: koboToNaira(total(['processed'])),
    approvedPayment: koboToNaira(total(OPEN)),
    // Subaccount mode: a store's payable runs ahead of its orders (settled at payment), so nothing waits.
    pendingPayment: koboToNaira(settlementMode === 'subaccount' ? 0 : pending),
    settlementMode,
    settledPayment: koboToNaira(settled.total),
  };
}

/** Stores with money payable, in escrow, or a payout approved; largest payable first. */
export async function payableMerchants(ctx: PayoutsContext, query: { page: number; limit: number }) {
  const { db } = ctx;
  const figures = await storeBalances(db);
  const open = await db
    .select()
    .from(payouts)
    .where(inArray(payouts.status, [...OPEN]));
  const openOf = new Map(open.map((row) => [row.storeId, row]));
  const rows = figures
    .map((row) => {
      const openPayout = openOf.get(row.storeId);
      const approved = openPayout?.amountKobo ?? 0;
      return {
        storeId: row.storeId,
        escrowKobo: row.escrowKobo,
        payableKobo: row.payableKobo - approved,
        approvedKobo: approved,
        openPayoutId: openPayout?.id ?? null,
      };
    })
    .filter((row) => row.payableKobo > 0 || row.approvedKobo > 0 || row.escrowKobo > 0)
    .sort((a, b) => b.payableKobo - a.payableKobo || b.escrowKobo - a.escrowKobo);
  const page = rows.slice((query.page - 1) * query.limit, query.page * query.limit);
  const payees = await payeesOf(
    db,
    page.map((row) => row.storeId),
  );
  const merchants: PayableMerchant[] = page.map((row) => {
    const payee = payees.get(row.storeId);
    return {
      storeId: row.storeId,
      storeName: payee?.storeName ?? 'Store',
      escrow: koboToNaira(row.escrowKobo),
      payable: koboToNaira(row.payableKobo),
      approved: koboToNaira(row.approvedKobo),
      openPayoutId: row.openPayoutId,
      hasBankAccount: payee?.hasBankAccount ?? false,
      hasSubaccount: payee?.hasSubaccount ?? false,
    };
  });
  return { merchants, pagination: pageInfo(query.page, query.limit, rows.length) };
}
