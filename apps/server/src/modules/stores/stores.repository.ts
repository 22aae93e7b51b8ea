import { and, eq, inArray, like, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { prepared } from '../../platform/db/prepared.js';
import { conflict } from '../../platform/errors.js';
import { slugify } from '../../platform/slug.js';
import { addStoreMember } from './store-members.repository.js';
import { type HomeAddress, merchantProfiles, type ShippingLocation, stores } from './stores.schema.js';

export type StoreRow = typeof stores.$inferSelect;

/** A storefront slug nobody holds yet: the name's slug, or the slug with the next free number. */
export async function uniqueStoreUrl(db: Db, storeName: string): Promise<string> {
  const base = slugify(storeName);
  const taken = await db
    .select({ storeUrl: stores.storeUrl })
    .from(stores)
    .where(or(eq(stores.storeUrl, base), like(stores.storeUrl, `${base}-%`)));
  const used = new Set(taken.map((row) => row.storeUrl));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

export async function createStoreForMerchant(
  db: Db,
  merchantId: string,
  storeName: string,
): Promise<StoreRow> {
  const storeUrl = await uniqueStoreUrl(db, storeName);
  try {
    const [row] = await db.insert(stores).values({ merchantId, storeName, storeUrl }).returning();
    // The merchant who opens a store is its owner; the guard finds their store through this row.
    await addStoreMember(db, { storeId: row!.id, userId: merchantId, role: 'owner' });
    return row!;
  } catch (error) {
    throw storeNameTaken(error);
  }
}

export const STORE_NAME_TAKEN = 'A store with this name already exists. Please choose another name.';

/** A clear 409 for a store name another store holds (any case); any other error as it was. */
export function storeNameTaken(error: unknown): unknown {
  return isUniqueViolation(error) && /stores_store_name_key/.test(String(constraintOf(error)))
    ? conflict(STORE_NAME_TAKEN)
    : error;
}

function constraintOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    const record = current as {
      constraint?: unknown;
      constraint_name?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    const name = record.constraint ?? record.constraint_name;
    if (typeof name === 'string') return name;
    if (typeof record.message === 'string' && record.message.includes('stores_store_name_key'))
      return record.message;
    current = record.cause;
  }
  return undefined;
}

export async function findStoreById(db: Db, storeId: string): Promise<StoreRow | undefined> {
  const [row] = await db.select().from(stores).where(eq(stores.id, storeId)).limit(1);
  return row;
}

/** The names of these stores (one statement, whatever their number): id → name. */
export async function storeNamesOf(db: Db, storeIds: string[]): Promise<Map<string, string>> {
  if (storeIds.length === 0) return new Map();
  const rows = await db
    .select({ id: stores.id, storeName: stores.storeName })
    .from(stores)
    .where(inArray(stores.id, storeIds));
  return new Map(rows.map((row) => [row.id, row.storeName]));
}

export async function findStoreByMerchant(db: Db, merchantId: string): Promise<StoreRow | undefined> {
  const [row] = await db.select().from(stores).where(eq(stores.merchantId, merchantId)).limit(1);
  return row;
}

/**
 * Where a store ships from, for the shipping module: the store's own shipping location and its merchant's
 * onboarding pickup location (either may be missing). Undefined when there is no such store.
 */
export async function findStoreShippingPlaces(
  db: Db,
  storeId: string,
): Promise<{ shippingLocation: ShippingLocation | null; pickupLocation: HomeAddress | null } | undefined> {
  const [row] = await db
    .select({ shippingLocation: stores.shippingLocation, pickupLocation: merchantProfiles.pickupLocation })
    .from(stores)
    .leftJoin(merchantProfiles, eq(merchantProfiles.userId, stores.merchantId))
    .where(eq(stores.id, storeId))
    .limit(1);
  return row;
}

// Built once (ADR 033): every checkout reads where its stores ship from.
const storesShippingPlaces = prepared('stores_shipping_places', (db) =>
  db
    .select({
      storeId: stores.id,
      shippingLocation: stores.shippingLocation,
      pickupLocation: merchantProfiles.pickupLocation,
    })
    .from(stores)
    .leftJoin(merchantProfiles, eq(merchantProfiles.userId, stores.merchantId))
    .where(sql`${stores.id} = any(${sql.placeholder('ids')}::uuid[])`),
);

/** `findStoreShippingPlaces` for several stores in one statement; a store that does not exist is not in the map. */
export async function findStoresShippingPlaces(
  db: Db,
  storeIds: string[],
): Promise<Map<string, { shippingLocation: ShippingLocation | null; pickupLocation: HomeAddress | null }>> {
  if (storeIds.length === 0) return new Map();
  const rows = await storesShippingPlaces(db, { ids: [...new Set(storeIds)] });
  return new Map(rows.map(({ storeId, ...places }) => [storeId, places]));
}

/** Units sold per store, added to each store's sales count (in id order, so concurrent checkouts lock alike). */
/** The store's rating from its visible merchant reviews, written in the reviewing transaction. */
export async function setStoreRating(
  executor: Db,
  storeId: string,
  rating: { average: number; count: number },
): Promise<void> {
  await executor
    .update(stores)
    .set({ ratingAverage: rating.average.toFixed(2), ratingCount: rating.count })
    .where(eq(stores.id, storeId));
}

/**
 * Sales added to the stores' counters, as two CTEs of a statement of another module's (the catalog's sales fold,
 * ADR 087): the units of `lines` (the name of a CTE of the caller's with `store_id` and `units`) added to their
 * stores, rows locked in id order first. Names its CTEs `stores_locked` and `stores_added`.
 */
export function storeSalesAddedPart(lines: string): SQL {
  return sql`stores_locked as materialized (
      select ${stores.id} as id, l.units from ${stores} join ${sql.raw(lines)} l on l.store_id = ${stores.id}
      order by ${stores.id}
      for update of ${stores}
    ),
    stores_added as (
      update ${stores} set sales_count = ${stores.salesCount} + stores_locked.units
      from stores_locked where ${stores.id} = stores_locked.id
    )`;
}

/**
 * Stores waiting for an approver: pending, with their onboarding complete (ADR 057). `updatedAt` changes when the
 * merchant edits the store, which sends it back to review.
 */
export async function storesAwaitingApproval(db: Db, limit = 200) {
  return db
    .select({ id: stores.id, storeName: stores.storeName, updatedAt: stores.updatedAt })
    .from(stores)
    .where(
      and(
        eq(stores.approvalStatus, 'pending'),
        sql`exists (select 1 from merchant_profiles mp where mp.user_id = ${stores.merchantId} and mp.onboarded_at is not null)`,
      ),
    )
    .orderBy(stores.updatedAt)
    .limit(limit);
}
