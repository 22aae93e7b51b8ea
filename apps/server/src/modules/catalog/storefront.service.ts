import { bound } from '../../platform/bound.js';
import type { Deps } from '../../platform/deps.js';
import { storefrontContext } from './storefront.context.js';
import { list, marketplace, one, several, storeCatalog } from './storefront.listings.js';
import {
  dailyDiscountOffer,
  officialOutlets,
  promotionProducts,
  randomOfCategory,
  superDeals,
  superDiscountedOffer,
} from './storefront.rails.js';
import { storefrontCategories, storefrontCollections } from './storefront.store-pages.js';

/**
 * What customers browse: listings, product pages, store catalogs and the home-page rails. Named functions of a
 * `StorefrontContext` (ADR 091, 101) in files by concern: what customers page through (`storefront.listings.ts`),
 * the rails (`storefront.rails.ts`), a store's own pages (`storefront.store-pages.ts`); bound here.
 */
export function createStorefrontService(deps: Deps) {
  const ctx = storefrontContext(deps);
  return {
    list: bound(ctx, list),
    one: bound(ctx, one),
    several: bound(ctx, several),
    storeCatalog: bound(ctx, storeCatalog),
    // ---------- rails: each computed from real discounts, promotions and outlets ----------
    superDeals: bound(ctx, superDeals),
    superDiscountedOffer: bound(ctx, superDiscountedOffer),
    dailyDiscountOffer: bound(ctx, dailyDiscountOffer),
    randomOfCategory: bound(ctx, randomOfCategory),
    marketplace: bound(ctx, marketplace),
    officialOutlets: bound(ctx, officialOutlets),
    promotionProducts: bound(ctx, promotionProducts),
    storefrontCategories: bound(ctx, storefrontCategories),
    storefrontCollections: bound(ctx, storefrontCollections),
    /** The search index starts loading (once the server listens, so time to ready does not wait on it). */
    startSearchIndex: () => void ctx.searchIndex?.start(),
    /** The search index stops asking the database (the server is stopping). */
    stop: () => ctx.searchIndex?.stop(),
    /** Whether the search index has loaded, and the listed products it holds (a gauge of /metrics). */
    searchIndexState: () =>
      ctx.searchIndex ? { ready: ctx.searchIndex.ready, products: ctx.searchIndex.size } : undefined,
  };
}

export type StorefrontService = ReturnType<typeof createStorefrontService>;
