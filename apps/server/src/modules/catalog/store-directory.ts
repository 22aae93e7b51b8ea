import type { PublicStore, StoreCard } from '@market/contracts';
import { and, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { containsPattern, pageInfo } from '../../platform/db/paging.js';
import { findVisibleStoreByUrl, type StoreRow, toStoreCard, toStoreProfile } from '../stores/index.js';
// Read model: the store directory lists stores that have a live product, in one query over both (ADR 115, amended).
import { stores } from '../stores/stores.schema.js';
import { categories, products } from './catalog.schema.js';

// The stores customers can find, as the catalog sees them: a store is listed when it has something to buy, and its
// card counts its live products. The catalog reads stores (its listings join them), so these reads are the
// catalog's; the stores module keeps the stores' rows and how a row becomes a card.

/** `is_visible` is the flag every customer query filters on: approved, store visible, not hidden while sold out. */
const hasLiveProducts = sql`exists (select 1 from ${products} where ${products.storeId} = ${stores.id} and ${products.isVisible})`;

/** Each store's products customers see, by store id. */
export async function countVisibleProducts(db: Db, storeIds: string[]): Promise<Map<string, number>> {
  if (storeIds.length === 0) return new Map();
  const rows = await db
    .select({ storeId: products.storeId, total: count() })
    .from(products)
    .where(and(inArray(products.storeId, storeIds), eq(products.isVisible, true)))
    .groupBy(products.storeId);
  return new Map(rows.map((row) => [row.storeId, row.total]));
}

/** Every product of the store, whatever its state (the admins' view of a store). */
export async function countAllProducts(db: Db, storeId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(products).where(eq(products.storeId, storeId));
  return row?.total ?? 0;
}

/** Products of the store waiting for an admin's approval (a pending store's drafts among them). */
export async function countPendingProducts(db: Db, storeId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.approvalStatus, 'pending')));
  return row?.total ?? 0;
}

/** Which of these ids are live categories of the given level. */
export async function existingCategoryIds(db: Db, ids: string[], level: 1 | 2 | 3): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(inArray(categories.id, ids), eq(categories.level, level), sql`${categories.retiredAt} is null`),
    );
  return new Set(rows.map((row) => row.id));
}

/** Stores as cards, each with its live products counted. */
export async function storeCards(db: Db, rows: StoreRow[]): Promise<StoreCard[]> {
  const counts = await countVisibleProducts(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toStoreCard(row, counts.get(row.id) ?? 0));
}

/** Stores customers can see that have something to buy: approved, onboarded, and a live product. */
export async function storeDirectory(db: Db, page: number, limit: number, search?: string) {
  const where = and(
    eq(stores.isVisible, true),
    hasLiveProducts,
    search ? ilike(stores.storeName, containsPattern(search)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(stores)
      .where(where)
      .orderBy(stores.storeName, stores.id)
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ value: count() }).from(stores).where(where),
  ]);
  const totalItems = total?.value ?? 0;
  return {
    merchants: await storeCards(db, rows),
    pagination: pageInfo(page, limit, totalItems),
  };
}

/** Ranked by sales once orders exist; by followers and products until then. */
export async function topStores(db: Db, limit: number): Promise<StoreCard[]> {
  const candidates = await db
    .select()
    .from(stores)
    .where(and(eq(stores.isVisible, true), hasLiveProducts))
    .orderBy(desc(stores.salesCount), desc(stores.followersCount), stores.createdAt)
    .limit(Math.max(limit * 4, 50));
  const cards = await storeCards(db, candidates);
  return cards
    .sort(
      (a, b) =>
        b.salesCount - a.salesCount ||
        b.followersCount - a.followersCount ||
        b.productsCount - a.productsCount,
    )
    .slice(0, limit);
}

/** A store customers can see, by its URL slug, as its public page shows it; 404 when there is none or it is hidden. */
export async function publicStore(db: Db, storeUrl: string): Promise<PublicStore> {
  const row = await findVisibleStoreByUrl(db, storeUrl);
  const [card] = await storeCards(db, [row]);
  return {
    ...card!,
    socials: toStoreProfile(row).socials,
    city: row.shippingLocation?.city ?? null,
    storePhoneNumber: row.storePhoneNumber,
    createdAt: row.createdAt.toISOString(),
  };
}
