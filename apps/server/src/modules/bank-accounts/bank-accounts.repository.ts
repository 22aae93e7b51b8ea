import { eq } from 'drizzle-orm';
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
