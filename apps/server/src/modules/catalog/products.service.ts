import { bound } from '../../platform/bound.js';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { approve, reject } from './products.approval.js';
import type { ProductsContext } from './products.context.js';
import { adminList, lowStock, mine, mineOne } from './products.lists.js';
import { setStoreNameOnProducts, setStoreProductsVisibility } from './products.repository.js';
import { adminCreate, create, edit, updateInventory, uploadImage } from './products.writes.js';

// ---------- for the store flows (flows/store-approval.ts, store-profile.ts, store-onboarding.ts) ----------

/**
 * Called whenever a store's visibility changes (approval, rejection, onboarding, a rename back to review): its
 * approved products appear to customers or disappear with it. Returns how many products were touched.
 */
export function refreshStoreProductsVisibility(
  db: Db,
  storeId: string,
  storeVisible: boolean,
): Promise<number> {
  return setStoreProductsVisibility(db, storeId, storeVisible);
}

/**
 * For modules that change stock outside the catalog (orders): recomputes whether customers see these products,
 * since a sold-out product may be set to hide until restocked.
 */
export { refreshProductVisibility } from './products.repository.js';

/** Called after a store is renamed (flows/store-profile.ts): product search covers the store name. */
export function renameStoreInProducts(db: Db, storeId: string, storeName: string): Promise<void> {
  return setStoreNameOnProducts(db, storeId, storeName);
}

/**
 * The merchant's and the admin's products. Named functions of a `ProductsContext` (ADR 091, 101) in files by
 * concern: writes (`products.writes.ts`), the lists (`products.lists.ts`), the review and its decisions
 * (`products.approval.ts`), the form as columns (`products.columns.ts`); bound here.
 */
export function createProductsService(deps: Deps) {
  const ctx: ProductsContext = { deps, db: deps.db };
  return {
    // ---------- merchant ----------
    create: bound(ctx, create),
    edit: bound(ctx, edit),
    updateInventory: bound(ctx, updateInventory),
    mine: bound(ctx, mine),
    lowStock: bound(ctx, lowStock),
    mineOne: bound(ctx, mineOne),
    uploadImage: bound(ctx, uploadImage),
    // ---------- admin ----------
    adminCreate: bound(ctx, adminCreate),
    adminList: bound(ctx, adminList),
    approve: bound(ctx, approve),
    reject: bound(ctx, reject),
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
