import type { Db } from '../../platform/db/client.js';
import { bankAccountsOf } from '../bank-accounts/index.js';
import { findStoreById, storeNamesOf } from '../stores/index.js';

// What the books read of the stores and bank-accounts modules, through their public reads (issue 30): a store's
// name, and the payable merchants page's payees. The commission rates, payout accounts, subaccount codes and payment
// categories are the owners' own functions, imported where they are used.

/** The store's name (the stores module's read), for a payout's notice and a refused split. */
export async function storeNameOf(executor: Db, storeId: string): Promise<string | undefined> {
  return (await findStoreById(executor, storeId))?.storeName;
}

/**
 * What the payable merchants page shows of each of these stores beside its money, in two statements for a page of
 * any length: its name (stores module), whether it has a saved payout account and whether that has a Paystack
 * subaccount (bank-accounts module).
 */
export async function payeesOf(
  executor: Db,
  storeIds: string[],
): Promise<Map<string, { storeName: string; hasBankAccount: boolean; hasSubaccount: boolean }>> {
  const [names, accounts] = await Promise.all([
    storeNamesOf(executor, storeIds),
    bankAccountsOf(executor, storeIds),
  ]);
  return new Map(
    storeIds.map((storeId) => [
      storeId,
      {
        storeName: names.get(storeId) ?? 'Store',
        hasBankAccount: accounts.has(storeId),
        hasSubaccount: Boolean(accounts.get(storeId)),
      },
    ]),
  );
}
