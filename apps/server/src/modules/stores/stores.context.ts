import type { StoreCard, StoreProfile } from '@market/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import type { StoreVisibility } from './store-visibility.js';
import type { StoreRow } from './stores.repository.js';
import { stores } from './stores.schema.js';

// What the stores service's functions share (ADR 091, 102): the platform, the store's visibility, and a store as its
// profile and its card.

/** What the stores service's functions work with. */
export interface StoresContext {
  deps: Deps;
  db: Db;
  visibility: StoreVisibility;
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

/** A store as a card, with its live products as the catalog counts them (the catalog's `storeCards`). */
export function toStoreCard(row: StoreRow, productsCount: number): StoreCard {
  return {
    id: row.id,
    storeName: row.storeName,
    storeUrl: row.storeUrl,
    logo: row.logo,
    state: row.shippingLocation?.state ?? null,
    followersCount: row.followersCount,
    productsCount,
    salesCount: row.salesCount,
    ratingAverage: Number(row.ratingAverage),
    ratingCount: row.ratingCount,
  };
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
