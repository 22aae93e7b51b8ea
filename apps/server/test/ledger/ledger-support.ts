import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { storeBankAccounts } from '../../src/modules/bank-accounts/bank-accounts.schema.js';
import { ledgerEntries } from '../../src/modules/ledger/ledger.schema.js';
import { orders } from '../../src/modules/orders/orders.schema.js';
import { type Dispatcher, deliveredDaysAgo, deliveredOrder } from '../returns/returns-support.js';
import type { CommerceSetup, SellingStore } from '../support/commerce-factory.js';
import type { TestApp } from '../support/test-app.js';

// Orders carried through the real chain to completed (payable), and the books' figures, for the ledger tests.

export async function orderRow(test: TestApp, orderId: string) {
  const [row] = await test.deps.db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
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
