import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';

/**
 * What the stores module asks of the catalog, as plain functions handed in by the composition: stores never
 * touch catalog tables, and never import the catalog module (the catalog depends on stores, not back).
 */
export interface StoreCatalogPort {
  /** A store became visible or hidden: its approved products follow it. */
  refreshStoreProductsVisibility(db: Db, storeId: string, storeVisible: boolean): Promise<unknown>;
  renameStoreInProducts(db: Db, storeId: string, storeName: string): Promise<void>;
  countVisibleProducts(db: Db, storeIds: string[]): Promise<Map<string, number>>;
  countAllProducts(db: Db, storeId: string): Promise<number>;
  /** Products of the store waiting for an admin's approval (a pending store's drafts among them). */
  countPendingProducts(db: Db, storeId: string): Promise<number>;
  /**
   * A condition, for a query over stores, that the store has at least one live product (approved and shown to
   * customers, in stock or shown as sold out): the public store lists leave out stores with nothing to buy.
   */
  hasLiveProducts(storeId: SQLWrapper): SQL;
  /** Which of these ids are live categories of the given level. */
  existingCategoryIds(db: Db, ids: string[], level: 1 | 2 | 3): Promise<Set<string>>;
}
