import { ilike, or } from 'drizzle-orm';
import { bound } from '../../platform/bound.js';
import { containsPattern } from '../../platform/db/paging.js';
import type { Deps } from '../../platform/deps.js';
import type { StoreVisibility } from './store-visibility.js';
import type { StoresContext } from './stores.context.js';
import { follow, following, followState, unfollow } from './stores.following.js';
import {
  checkProfile,
  getProfile,
  myStore,
  storeForProfile,
  uploadLogo,
  writeProfile,
} from './stores.profile.js';
import { stores } from './stores.schema.js';

export { STORE_NOT_FOUND, toStoreProfile } from './stores.context.js';

/**
 * Stores: a store's profile and following. Named functions of a `StoresContext` (ADR 091, 102) in files by concern:
 * the context and a store's card (`stores.context.ts`), the merchant's profile (`stores.profile.ts`), following
 * (`stores.following.ts`); bound here. Saving a profile is three steps of flows/store-profile.ts (the hub check and
 * the catalog's copies between and after them); the directory is the catalog's read.
 */
export function createStoresService(deps: Deps, visibility: StoreVisibility) {
  const ctx: StoresContext = { deps, db: deps.db, visibility };
  return {
    refreshVisibility: visibility.refreshVisibility,
    myStore: bound(ctx, myStore),
    getProfile: bound(ctx, getProfile),
    checkProfile: bound(ctx, checkProfile),
    storeForProfile,
    writeProfile: bound(ctx, writeProfile),
    uploadLogo: bound(ctx, uploadLogo),
    follow: bound(ctx, follow),
    unfollow: bound(ctx, unfollow),
    followState: bound(ctx, followState),
    following: bound(ctx, following),
    searchFilter: (search: string) =>
      or(ilike(stores.storeName, containsPattern(search)), ilike(stores.storeUrl, containsPattern(search))),
  };
}

export type StoresService = ReturnType<typeof createStoresService>;
