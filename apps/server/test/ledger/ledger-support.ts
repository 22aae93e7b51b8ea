import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { storeBankAccounts } from '../../src/modules/bank-accounts/bank-accounts.schema.js';
import { ledgerOrderFigures } from '../../src/modules/ledger/index.js';
import {
  ledgerEntries,
  ledgerOrders,
  payoutOrders,
  payouts,
} from '../../src/modules/ledger/ledger.schema.js';
import { orders } from '../../src/modules/orders/orders.schema.js';
import { type Dispatcher, deliveredDaysAgo, deliveredOrder } from '../returns/returns-support.js';
import type { CommerceSetup, SellingStore } from '../support/commerce-factory.js';
import type { TestApp } from '../support/test-app.js';

// Orders carried through the real chain to completed (payable), and the books' figures, for the ledger tests.

/**
 * The order's row with its money as the books say it (ADR 047: the orders table keeps none): the rate it was
 * charged, its commission and due (null before it is booked), since when it is payable, and the open or processed
 * payout that carries it (paid out when that payout is processed).
 */
export async function orderRow(test: TestApp, orderId: string) {
  const { db } = test.deps;
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  const [page] = await db.select().from(ledgerOrders).where(eq(ledgerOrders.orderId, orderId));
  const figures = await ledgerOrderFigures(db, orderId);
  const [carrier] = await db
    .select({ id: payouts.id, status: payouts.status, processedAt: payouts.processedAt })
    .from(payoutOrders)
    .innerJoin(payouts, eq(payouts.id, payoutOrders.payoutId))
    .where(
      and(
        eq(payoutOrders.orderId, orderId),
        inArray(payouts.status, ['approved', 'processing', 'processed']),
      ),
    )
    .orderBy(desc(payouts.approvedAt))
    .limit(1);
  return {
    ...row!,
    commissionBasisPoints: page?.commissionBasisPoints ?? null,
    commissionKobo: page ? figures.commission : null,
    dueToMerchantKobo: page ? figures.due : null,
    payableAt: page?.payableAt ?? null,
    payoutId: carrier?.id ?? null,
    paidOutAt: carrier?.status === 'processed' ? carrier.processedAt : null,
    figures,
  };
}

/** Every line of the books added up: always zero. */
export async function ledgerTotal(test: TestApp): Promise<number> {
  const [row] = await test.deps.db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountKobo}), 0)` })
    .from(ledgerEntries);
  return Number(row!.total);
}

/** Each movement's lines add up to zero too. */
export async function unbalancedMovements(test: TestApp): Promise<number> {
  const rows = await test.deps.db
    .select({ movementId: ledgerEntries.movementId })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.movementId)
    .having(sql`sum(${ledgerEntries.amountKobo}) <> 0`);
  return rows.length;
}

export async function saveBankAccount(test: TestApp, storeId: string, updatedBy: string) {
  await test.deps.db
    .insert(storeBankAccounts)
    .values({
      storeId,
      bankCode: '058',
      bankName: 'Guaranty Trust Bank',
      accountNumber: '0000014579',
      accountName: 'ADA OKAFOR',
      updatedBy,
    })
    .onConflictDoNothing();
}

/** A paid order of the store, delivered, its return window passed, completed by the durable job: payable. */
export async function payableOrder(
  test: TestApp,
  setup: CommerceSetup,
  seller: SellingStore,
  dispatcher: Dispatcher,
  options: Parameters<typeof deliveredOrder>[4] = {},
) {
  const paid = await deliveredOrder(test, setup, seller, dispatcher, options);
  await deliveredDaysAgo(test, paid.orderId, 30);
  await test.jobs.completeAfterReturnWindow();
  const row = await orderRow(test, paid.orderId);
  expect(row.status).toBe('completed');
  expect(row.payableAt).not.toBeNull();
  return paid;
}
