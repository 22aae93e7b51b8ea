import type { CustomerProductsQuery } from '@market/contracts';
import type { PriceStatistics } from '../../src/modules/catalog/price-statistics.js';
import {
  type CatalogStatements,
  createCatalogStatements,
} from '../../src/modules/catalog/products-listing.repository.js';
import type { SearchIndex } from '../../src/modules/catalog/search-index/search-index.js';
import type { StorefrontContext } from '../../src/modules/catalog/storefront.context.js';
import { list } from '../../src/modules/catalog/storefront.listings.js';
import type { Db } from '../../src/platform/db/client.js';

// The storefront's listing called directly on a test's database, with the statements it asks noted by name in
// order: what a listing asks of PostgreSQL (a page, an EXPLAIN, a count, cards by key) is what the catalog's totals,
// the price statistics and the search index are judged by.

/** The statements a spy can note, and the name each is noted by. */
const names = {
  page: 'page',
  estimate: 'estimate',
  count: 'count',
  cards: 'cards',
  rankedCards: 'ranked cards',
} as const satisfies Partial<Record<keyof CatalogStatements, string>>;

export function spiedStorefront(
  db: Db,
  options: {
    exactCountUpTo: number;
    /** The statements to note (all of them when left out). */
    noting?: (keyof typeof names)[];
    searchIndex?: SearchIndex;
    priceStatistics?: () => Promise<PriceStatistics | undefined>;
  },
) {
  const statements = createCatalogStatements(db);
  const asked: string[] = [];
  const spied: CatalogStatements = { ...statements };
  for (const key of options.noting ?? (Object.keys(names) as (keyof typeof names)[])) {
    const call = statements[key] as (...args: unknown[]) => unknown;
    (spied as unknown as Record<string, unknown>)[key] = (...args: unknown[]) => {
      asked.push(names[key]);
      return call(...args);
    };
  }
  const ctx = {
    deps: { config: { catalog: { exactCountUpTo: options.exactCountUpTo } }, now: () => new Date() },
    db,
    statements: spied,
    counts: new Map(),
    searchIndex: options.searchIndex,
    priceStatistics: options.priceStatistics,
  } as unknown as StorefrontContext;
  return {
    asked,
    list: (query: Partial<CustomerProductsQuery>) =>
      list(ctx, { limit: 20, offset: 0, ...query } as CustomerProductsQuery),
  };
}
