import { and, eq, type SQL } from 'drizzle-orm';
import { CATALOG_CHANGED } from '../../platform/changes/index.js';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
// Read model: catalog listings join stores for visibility and store names (ADR 010).
import { stores } from '../stores/stores.schema.js';
import { type PriceStatistics, priceStatisticsOf } from './price-statistics.js';
import {
  type CatalogStatements,
  createCatalogStatements,
  type ListingTotal,
} from './products-listing.repository.js';
import { createSearchIndex, type SearchIndex } from './search-index/search-index.js';
// What the storefront's functions share (ADR 091, 101): the platform's deps, the prepared customer reads of its
// database handle, and the listing totals this process has counted.

/** What the storefront service's functions work with. */
export interface StorefrontContext {
  deps: Deps;
  db: Db;
  statements: CatalogStatements;
  /** Listing totals by generation and filter, each with when it stops being fresh (storefront.listings.ts). */
  counts: Map<string, { value: Promise<ListingTotal>; expiresAt: number }>;
  /** Which listed products carry a search's words, in memory (ADR 116); absent when configured off. */
  searchIndex?: SearchIndex;
  /** What the planner knows of prices, read once a minute (a price range's estimated total); absent in some tests. */
  priceStatistics?: () => Promise<PriceStatistics | undefined>;
}

export function storefrontContext(deps: Deps): StorefrontContext {
  const counts = new Map<string, { value: Promise<ListingTotal>; expiresAt: number }>();
  // This process's own product writes move the generation the keys carry; another process's writes arrive as a
  // catalog change on the bus (ADR 043), which does not say whether products changed, so every total is dropped.
  const searchIndex =
    deps.config.catalog.searchIndex === 'memory' ? createSearchIndex(deps.db, deps.logger) : undefined;
  deps.changes.subscribe(CATALOG_CHANGED, (change) => {
    // The index asks for the rows changed since it last asked (by anyone: they are stamped in the database).
    searchIndex?.changed();
    if (!change.local) counts.clear();
  });
  return {
    deps,
    db: deps.db,
    statements: createCatalogStatements(deps.db),
    counts,
    searchIndex,
    priceStatistics: priceStatisticsOf(deps.db),
  };
}

export async function visibleStoreBy(ctx: StorefrontContext, where: SQL) {
  const [store] = await ctx.db
    .select()
    .from(stores)
    .where(and(where, eq(stores.isVisible, true)))
    .limit(1);
  if (!store) throw notFound('Store not found');
  return store;
}
