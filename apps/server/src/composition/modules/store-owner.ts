import { findAccountById } from '../../modules/auth/index.js';
import { findStoreById } from '../../modules/stores/index.js';
import type { Db } from '../../platform/db/client.js';

/** A store's owner as the subscriptions' and bank accounts' mail address them. */
export async function storeOwner(executor: Db, storeId: string) {
  const store = await findStoreById(executor, storeId);
  const owner = store ? await findAccountById(executor, store.merchantId) : undefined;
  return store && owner
    ? { email: owner.email, firstName: owner.firstName, storeName: store.storeName }
    : undefined;
}
