import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { storeBankAccounts } from './bank-accounts.schema.js';

export type BankAccountRow = typeof storeBankAccounts.$inferSelect;

export async function findBankAccount(db: Db, storeId: string): Promise<BankAccountRow | undefined> {
  const [row] = await db.select().from(storeBankAccounts).where(eq(storeBankAccounts.storeId, storeId));
  return row;
}

/** One account per store: saving replaces the last one. */
export async function upsertBankAccount(
  db: Db,
  values: Omit<typeof storeBankAccounts.$inferInsert, 'createdAt'>,
): Promise<BankAccountRow> {
  const { storeId: _storeId, ...changes } = values;
  const [row] = await db
    .insert(storeBankAccounts)
    .values({ ...values, createdAt: values.updatedAt })
    .onConflictDoUpdate({ target: storeBankAccounts.storeId, set: changes })
    .returning();
  return row!;
}

/** The Paystack subaccount of each of these stores that has one (ADR 051). */
export async function subaccountCodes(executor: Db, storeIds: string[]): Promise<Map<string, string>> {
  if (storeIds.length === 0) return new Map();
  const rows = await executor
    .select({ storeId: storeBankAccounts.storeId, code: storeBankAccounts.subaccountCode })
    .from(storeBankAccounts)
    .where(and(inArray(storeBankAccounts.storeId, storeIds), isNotNull(storeBankAccounts.subaccountCode)));
  return new Map(rows.map((row) => [row.storeId, row.code!]));
}

/** Of these stores, those with no Paystack subaccount: in subaccount mode (ADR 051) they cannot be bought from. */
export async function storesWithoutSubaccount(executor: Db, storeIds: string[]): Promise<string[]> {
  const codes = await subaccountCodes(executor, storeIds);
  return storeIds.filter((storeId) => !codes.has(storeId));
}

/**
 * Which of these stores have a saved payout account, and the Paystack subaccount of those that have one (one
 * statement): store id → subaccount code or null.
 */
export async function bankAccountsOf(executor: Db, storeIds: string[]): Promise<Map<string, string | null>> {
  if (storeIds.length === 0) return new Map();
  const rows = await executor
    .select({ storeId: storeBankAccounts.storeId, code: storeBankAccounts.subaccountCode })
    .from(storeBankAccounts)
    .where(inArray(storeBankAccounts.storeId, storeIds));
  return new Map(rows.map((row) => [row.storeId, row.code]));
}

/** Saved accounts with no subaccount yet (saved before the platform moved to subaccount settlement). */
export async function accountsWithoutSubaccount(executor: Db, limit: number): Promise<BankAccountRow[]> {
  return executor
    .select()
    .from(storeBankAccounts)
    .where(isNull(storeBankAccounts.subaccountCode))
    .orderBy(storeBankAccounts.storeId)
    .limit(limit);
}

export async function setSubaccountCode(executor: Db, storeId: string, accountNumber: string, code: string) {
  // Only while the account is still the one the subaccount was made for: a change in between makes its own.
  await executor
    .update(storeBankAccounts)
    .set({ subaccountCode: code })
    .where(
      and(
        eq(storeBankAccounts.storeId, storeId),
        eq(storeBankAccounts.accountNumber, accountNumber),
        isNull(storeBankAccounts.subaccountCode),
      ),
    );
}
