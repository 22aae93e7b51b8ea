import { ilike, or } from 'drizzle-orm';
import { bound } from '../../platform/bound.js';
import { containsPattern } from '../../platform/db/paging.js';
import type { Deps } from '../../platform/deps.js';
import type { StoreCatalogPort } from './store-catalog-port.js';
import type { StoreVisibility } from './store-visibility.js';
import { type StoreHubCheck, type StoresContext, toCards } from './stores.context.js';
import { directory, publicStore, top } from './stores.directory.js';
import { follow, following, followState, unfollow } from './stores.following.js';
import { getProfile, myStore, saveProfile, uploadLogo } from './stores.profile.js';
import { stores } from './stores.schema.js';

export { STORE_NOT_FOUND, type StoreHubCheck, toStoreProfile } from './stores.context.js';

/**
 * Stores: a store's profile, following, the public directory. Named functions of a `StoresContext` (ADR 091, 102) in
 * files by concern: the context and a store's cards (`stores.context.ts`), the merchant's profile
 * (`stores.profile.ts`), following (`stores.following.ts`), the directory and public pages
 * (`stores.directory.ts`); bound here.
 */
export function createStoresService(
  deps: Deps,
  catalog: StoreCatalogPort,
  visibility: StoreVisibility,
  hubUsable: StoreHubCheck,
) {
  const ctx: StoresContext = { deps, db: deps.db, catalog, visibility, hubUsable };
  return {
    refreshVisibility: visibility.refreshVisibility,
    toCards: bound(ctx, toCards),
    myStore: bound(ctx, myStore),
    getProfile: bound(ctx, getProfile),
    saveProfile: bound(ctx, saveProfile),
    uploadLogo: bound(ctx, uploadLogo),
    follow: bound(ctx, follow),
    unfollow: bound(ctx, unfollow),
    followState: bound(ctx, followState),
    following: bound(ctx, following),
    directory: bound(ctx, directory),
    top: bound(ctx, top),
    publicStore: bound(ctx, publicStore),
    searchFilter: (search: string) =>
      or(ilike(stores.storeName, containsPattern(search)), ilike(stores.storeUrl, containsPattern(search))),
  };
}

export type StoresService = ReturnType<typeof createStoresService>;
