import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { StoreCatalogPort } from '../stores/index.js';
import { categories, products } from './catalog.schema.js';
import { refreshStoreProductsVisibility, renameStoreInProducts } from './products.service.js';

/** The catalog's side of what the stores module needs (see StoreCatalogPort in the stores module). */
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
  async countPendingProducts(db, storeId) {
    const [row] = await db
      .select({ total: count() })
      .from(products)
      .where(and(eq(products.storeId, storeId), eq(products.approvalStatus, 'pending')));
    return row?.total ?? 0;
  },
  hasLiveProducts(storeId) {
    // `is_visible` is the flag every customer query filters on: approved, store visible, not hidden while sold out.
    return sql`exists (select 1 from ${products} where ${products.storeId} = ${storeId} and ${products.isVisible})`;
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
