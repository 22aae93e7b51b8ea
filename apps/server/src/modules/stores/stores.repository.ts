import { eq, like, or } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { type HomeAddress, merchantProfiles, type ShippingLocation, stores } from './stores.schema.js';

export type StoreRow = typeof stores.$inferSelect;

/** `Mama Put Kitchen & Co.` → `mama-put-kitchen-co`. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return slug || 'store';
}

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
  const [row] = await db.insert(stores).values({ merchantId, storeName, storeUrl }).returning();
  return row!;
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
