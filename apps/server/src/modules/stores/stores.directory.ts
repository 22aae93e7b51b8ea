import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import { STORE_NOT_FOUND } from './stores.context.js';
import type { StoreRow } from './stores.repository.js';
import { stores } from './stores.schema.js';

// A store customers can see, by its address. The directory that lists them (stores with something to buy) is the
// catalog's read (catalog/store-directory.ts): it needs the products.

/** A store customers can see, by its URL slug; the 404 envelope when there is none or it is hidden. */
export async function findVisibleStoreByUrl(executor: Db, storeUrl: string): Promise<StoreRow> {
  const [row] = await executor
    .select()
    .from(stores)
    .where(and(eq(stores.storeUrl, storeUrl.toLowerCase()), eq(stores.isVisible, true)))
    .limit(1);
  if (!row) throw notFound(STORE_NOT_FOUND);
  return row;
}
