import type { MerchantProduct } from '@market/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { type AuthContext, requireStoreId } from '../../platform/http/routes.js';
import { findStoreById, type StoreRow } from '../stores/index.js';
import { toMerchantProduct } from './catalog.mappers.js';
import { products } from './catalog.schema.js';
import { findProduct } from './products.repository.js';
// What the products service's functions share (ADR 091, 101): the platform's deps and the reads every one of them
// starts or ends with.

export const PRODUCT_NOT_FOUND = 'Product not found';

export type ProductRow = typeof products.$inferSelect;

/** What the products service's functions work with. */
export interface ProductsContext {
  deps: Deps;
  db: Db;
}

/** The store the guard resolved from the caller's membership. */
export async function merchantStore(executor: Db, auth: AuthContext): Promise<StoreRow> {
  const store = await findStoreById(executor, requireStoreId(auth));
  if (!store) throw notFound('Your store was not found');
  return store;
}

export async function readMerchantProduct(
  ctx: ProductsContext,
  executor: Db,
  id: string,
): Promise<MerchantProduct> {
  const row = await findProduct(executor, eq(products.id, id));
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return toMerchantProduct(row, ctx.deps.now());
}
