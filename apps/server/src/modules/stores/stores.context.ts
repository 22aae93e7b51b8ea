import type { StoreCard, StoreProfile } from '@market/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import type { StoreCatalogPort } from './store-catalog-port.js';
import type { StoreVisibility } from './store-visibility.js';
import type { StoreRow } from './stores.repository.js';
import { stores } from './stores.schema.js';

// What the stores service's functions share (ADR 091, 102): the platform, the catalog's and visibility's ports,
// the hub check, and a store as its profile and its cards.

/** Whether a store may name a platform hub; the hubs module answers it (handed in by the composition). */
export type StoreHubCheck = (executor: Db, storeId: string, hubId: string) => Promise<boolean>;

/** What the stores service's functions work with. */
export interface StoresContext {
  deps: Deps;
  db: Db;
  catalog: StoreCatalogPort;
  visibility: StoreVisibility;
  hubUsable: StoreHubCheck;
}

export const STORE_NOT_FOUND = 'Store not found';

export function toStoreProfile(store: StoreRow): StoreProfile {
  return {
    socials: Object.fromEntries(
      Object.entries(store.socials).filter(([, value]) => Boolean(value)),
    ) as Record<string, string>,
    store: {
      id: store.id,
      storeName: store.storeName,
      storeUrl: store.storeUrl,
      logo: store.logo,
      storePhoneNumber: store.storePhoneNumber,
      isPhysicalLocation: store.isPhysicalLocation,
      isRegisteredBusiness: store.isRegisteredBusiness,
      tin: store.tin,
      isVatRegistered: store.isVatRegistered,
      shippingLocation: store.shippingLocation ?? null,
      officeAddress: store.officeAddress,
      hubId: store.hubId,
      firstApproval: store.firstApproval,
      secondApproval: store.secondApproval,
      approvalStatus: store.approvalStatus,
      rejectionReason: store.rejectionReason,
      isVisible: store.isVisible,
      followersCount: store.followersCount,
    },
  };
}

export async function toCards(ctx: StoresContext, executor: Db, rows: StoreRow[]): Promise<StoreCard[]> {
  const counts = await ctx.catalog.countVisibleProducts(
    executor,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    storeName: row.storeName,
    storeUrl: row.storeUrl,
    logo: row.logo,
    state: row.shippingLocation?.state ?? null,
    followersCount: row.followersCount,
    productsCount: counts.get(row.id) ?? 0,
    salesCount: row.salesCount,
    ratingAverage: Number(row.ratingAverage),
    ratingCount: row.ratingCount,
  }));
}

export async function visibleStore(executor: Db, storeId: string): Promise<StoreRow> {
  const [row] = await executor
    .select()
    .from(stores)
    .where(and(eq(stores.id, storeId), eq(stores.isVisible, true)))
    .limit(1);
  if (!row) throw notFound(STORE_NOT_FOUND);
  return row;
}
