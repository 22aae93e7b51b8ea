import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { categories, products } from './catalog.schema.js';
import { refreshStoreProductsVisibility, renameStoreInProducts } from './products.service.js';

/**
 * What the stores module asks of the catalog, as plain functions: stores never touch catalog tables themselves.
 */
export interface StoreCatalogPort {
  /** A store became visible or hidden: its approved products follow it. */
  refreshStoreProductsVisibility(db: Db, storeId: string, storeVisible: boolean): Promise<unknown>;
  renameStoreInProducts(db: Db, storeId: string, storeName: string): Promise<void>;
  countVisibleProducts(db: Db, storeIds: string[]): Promise<Map<string, number>>;
  countAllProducts(db: Db, storeId: string): Promise<number>;
  /** Which of these ids are live categories of the given level. */
  existingCategoryIds(db: Db, ids: string[], level: 1 | 2 | 3): Promise<Set<string>>;
}

export const storeCatalogPort: StoreCatalogPort = {
  refreshStoreProductsVisibility,
  renameStoreInProducts,
  async countVisibleProducts(db, storeIds) {
    if (storeIds.length === 0) return new Map();
    const rows = await db
      .select({ storeId: products.storeId, total: count() })
      .from(products)
      .where(and(inArray(products.storeId, storeIds), eq(products.isVisible, true)))
      .groupBy(products.storeId);
    return new Map(rows.map((row) => [row.storeId, row.total]));
  },
  async countAllProducts(db, storeId) {
    const [row] = await db.select({ total: count() }).from(products).where(eq(products.storeId, storeId));
    return row?.total ?? 0;
  },
  async existingCategoryIds(db, ids, level) {
    if (ids.length === 0) return new Set();
    const rows = await db
      .select({ id: categories.id })
      .from(categories)
      .where(
        and(inArray(categories.id, ids), eq(categories.level, level), sql`${categories.retiredAt} is null`),
      );
    return new Set(rows.map((row) => row.id));
  },
};
