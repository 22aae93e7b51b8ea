import {
  type CustomerProduct,
  type CustomerProductsQuery,
  nairaToKobo,
  type PagedCustomerProducts,
} from '@market/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { boundedTotal } from '../../platform/db/estimated-total.js';
import { notFound, validation } from '../../platform/errors.js';
// Read model: catalog listings join stores for visibility and store names (ADR 010).
import { stores } from '../stores/stores.schema.js';
import { toCustomerProduct } from './catalog.mappers.js';
import { products } from './catalog.schema.js';
import { estimatePriced } from './price-statistics.js';
import { customerVisible, productWriteGeneration, selectProducts } from './products.repository.js';
import {
  type CursorSort,
  isCursorSort,
  type ListingCursor,
  type ListingFilters,
  type ListingRequest,
  type ListingRow,
  type ListingSort,
  type ListingTotal,
  relevanceWindow,
} from './products-listing.repository.js';
import { type StorefrontContext, visibleStoreBy } from './storefront.context.js';

// What customers page through (ADR 101): the listing and search, a product, a store's catalog, the marketplace;
// pages by offset or cursor, with the filter's total counted once in a while.

const PRODUCT_NOT_FOUND = 'Product not found';

/**
 * How long a listing's total stays cached in this process. The page itself is always fresh, and a total that is a
 * few seconds old is harmless on a listing.
 */
const COUNT_TTL_MS = 15_000;
const COUNT_CACHE_SIZE = 2_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INVALID_CURSOR = 'This cursor is not valid for this listing';

/** How many key values each sort's cursor carries (top rated: average and count). */
const cursorKeyLength = (sort: CursorSort) => (sort === 'top_rated' ? 2 : 1);

/** An opaque cursor: the sort it belongs to, the last row's exact sort key and its id. */
function encodeCursor(sort: CursorSort, last: ListingRow): string {
  const key = sort === 'top_rated' ? last.sortKey.split(',') : [last.sortKey];
  return Buffer.from(JSON.stringify([sort, key, last.id])).toString('base64url');
}

/** The cursor's position, or a 422 when it is not one of ours or belongs to another sort. */
function decodeCursor(cursor: string, sort: ListingSort): ListingCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw validation('cursor', INVALID_CURSOR);
  }
  if (!isCursorSort(sort))
    throw validation('cursor', 'Cursor paging needs a sortBy when searching; use offset for relevance order');
  const [cursorSort, key, id] = Array.isArray(parsed) ? parsed : [];
  const keyValid =
    Array.isArray(key) &&
    key.length === cursorKeyLength(sort) &&
    key.every((value) => typeof value === 'string' && value.length > 0 && value.length <= 64) &&
    (sort === 'newest'
      ? !Number.isNaN(Date.parse(key[0] as string))
      : key.every((value) => /^-?\d+(\.\d+)?$/.test(value as string)));
  if (cursorSort !== sort || !keyValid || typeof id !== 'string' || !UUID.test(id))
    throw validation('cursor', INVALID_CURSOR);
  return { key: key as string[], id };
}
/** A fresh total for the filter, if one is known or being computed (keyed by the filter only). */
function knownCount(ctx: StorefrontContext, key: string): Promise<ListingTotal> | undefined {
  const hit = ctx.counts.get(key);
  if (hit && hit.expiresAt > Date.now()) return hit.value;
  return undefined;
}

function rememberCount(ctx: StorefrontContext, key: string, value: Promise<ListingTotal>): void {
  const { counts } = ctx;
  const now = Date.now();
  if (counts.size >= COUNT_CACHE_SIZE) {
    for (const [name, entry] of counts) if (entry.expiresAt <= now) counts.delete(name);
    const oldest = counts.keys().next();
    if (counts.size >= COUNT_CACHE_SIZE && !oldest.done) counts.delete(oldest.value);
  }
  counts.set(key, { value, expiresAt: now + COUNT_TTL_MS });
  value.catch(() => counts.delete(key));
}

/**
 * The filter's total without walking every match (ADR 114): exact up to the catalog's bound, the planner's estimate
 * beyond it (`boundedTotal`, shared with the admin's transactions list).
 */
function totalOf(ctx: StorefrontContext, request: ListingRequest, rows: ListingRow[]): Promise<ListingTotal> {
  const exactUpTo = ctx.deps.config.catalog.exactCountUpTo;
  // A relevance page ranked every match when its window was not filled: the page knows the total, and within the
  // bound it is the count the estimate and the bounded count would have asked for (two round trips fewer).
  const candidates = rows[0]?.candidates;
  if (
    candidates !== null &&
    candidates !== undefined &&
    candidates < relevanceWindow(request.limit, request.offset) &&
    candidates <= exactUpTo
  )
    return Promise.resolve({ count: candidates, estimated: false });
  return boundedTotal(
    // Offset pages only tell the rows before them: a cursor page does not.
    {
      offset: request.offset,
      limit: request.limit,
      rows: rows.length,
      offsetPage: request.after === undefined,
    },
    exactUpTo,
    {
      estimate: () => estimateOf(ctx, request.filters),
      count: (upTo) => ctx.statements.count(request.filters, upTo),
    },
  );
}

/** Whether some filter is set and every one set is among `names`. */
function onlyFilters(filters: ListingFilters, names: readonly (keyof ListingFilters)[]): boolean {
  const set = Object.entries(filters).filter(([, value]) => value !== undefined);
  return set.length > 0 && set.every(([name]) => names.includes(name as keyof ListingFilters));
}

/** A price range and nothing else (no words, category, store or stock). */
const priceOnly = (filters: ListingFilters) => onlyFilters(filters, ['minPriceKobo', 'maxPriceKobo']);

/**
 * The planner's estimate of the filter's matches: for a price range alone, worked out here from the statistics the
 * planner uses (read once a minute, price-statistics.ts); otherwise, or before the table has statistics, by EXPLAIN.
 */
async function estimateOf(ctx: StorefrontContext, filters: ListingFilters): Promise<number> {
  if (ctx.priceStatistics && priceOnly(filters)) {
    const statistics = await ctx.priceStatistics();
    if (statistics) return estimatePriced(statistics, filters.minPriceKobo, filters.maxPriceKobo);
  }
  return ctx.statements.estimate(filters);
}

/** The filters a search index answers: the words alone (a category, price or stock filter is PostgreSQL's). */
function wordsOnly(filters: ListingFilters): filters is ListingFilters & { search: string } {
  return onlyFilters(filters, ['search']);
}

/**
 * A search's page from the search index (ADR 116): the matches and their order from memory, the page's cards (or, by
 * relevance, the candidates ranked) from PostgreSQL by key, and the exact total. Undefined when the index cannot
 * answer (not loaded, configured off, another filter, a cursor, or a search that is not words joined by "and").
 */
async function indexedPage(
  ctx: StorefrontContext,
  request: ListingRequest,
): Promise<{ rows: ListingRow[]; total: ListingTotal } | undefined> {
  const { searchIndex, statements } = ctx;
  const { filters, sort, limit, offset } = request;
  if (!searchIndex || request.after !== undefined || !wordsOnly(filters)) return undefined;
  // Twice at most: a card missing from a page means a change the index has not heard of yet.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const matches = await searchIndex.match(filters.search);
    if (!matches) return undefined;
    const total = { count: matches.length, estimated: false };
    if (sort === 'relevance') {
      const candidates = searchIndex.first(matches, relevanceWindow(limit, offset));
      const expected = Math.max(0, Math.min(limit, candidates.length - offset));
      if (expected === 0) return { rows: [], total };
      const rows = await statements.rankedCards(candidates, filters.search, limit, offset);
      if (rows.length === expected) return { rows, total };
    } else {
      const ids = searchIndex.page(matches, sort, offset, limit);
      if (ids.length === 0) return { rows: [], total };
      const cards = new Map((await statements.cards(ids, sort)).map((card) => [card.id, card]));
      if (cards.size === ids.length)
        return { rows: ids.map((id) => ({ ...cards.get(id)!, candidates: null })), total };
    }
    searchIndex.changed();
  }
  return undefined;
}

/**
 * One page and the filter's total: a search the index answers is its page and exact total; a known (or in-flight)
 * total is used as it is; otherwise the page, then what it does not tell of the total (totalOf).
 */
async function page(
  ctx: StorefrontContext,
  request: ListingRequest,
): Promise<{ page: PagedCustomerProducts; last?: ListingRow }> {
  const { statements, deps } = ctx;
  const key = `${productWriteGeneration()}:${JSON.stringify(request.filters)}`;
  const answer = (rows: ListingRow[], total: ListingTotal) => ({
    page: {
      data: rows.map((row) => toCustomerProduct(row, deps.now())),
      count: total.count,
      countIsEstimate: total.estimated,
    },
    last: rows.at(-1),
  });
  const indexed = await indexedPage(ctx, request);
  if (indexed) return answer(indexed.rows, indexed.total);
  const known = knownCount(ctx, key);
  if (known) {
    const [rows, total] = await Promise.all([statements.page(request), known]);
    return answer(rows, total);
  }
  let settle: { resolve(total: ListingTotal): void; reject(error: unknown): void } | undefined;
  const counting = new Promise<ListingTotal>((resolve, reject) => {
    settle = { resolve, reject };
  });
  const counted = settle!;
  rememberCount(ctx, key, counting);
  try {
    const rows = await statements.page(request);
    const total = await totalOf(ctx, request, rows);
    counted.resolve(total);
    return answer(rows, total);
  } catch (error) {
    counted.reject(error);
    throw error;
  }
}

/**
 * Full-text search over name, description, category and store; relevance order when searching unsorted. Pages
 * by offset, or after a cursor (keyset paging at any depth); a full page names the cursor of the next one.
 */
export async function list(
  ctx: StorefrontContext,
  query: CustomerProductsQuery,
): Promise<{ page: PagedCustomerProducts; nextCursor?: string }> {
  const search = query.search?.trim() || undefined;
  const filters: ListingFilters = {
    search,
    categoryId: query.categoryId,
    subCategoryId: query.subCategoryId,
    childCategoryId: query.childCategoryId,
    minPriceKobo: query.minPrice === undefined ? undefined : nairaToKobo(query.minPrice),
    maxPriceKobo: query.maxPrice === undefined ? undefined : nairaToKobo(query.maxPrice),
    inStock: query.inStock,
  };
  const sort: ListingSort = query.sortBy ?? (search ? 'relevance' : 'newest');
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, sort);
  const result = await page(ctx, { filters, sort, limit: query.limit, offset: query.offset, after });
  const nextCursor =
    result.last && result.page.data.length === query.limit && isCursorSort(sort)
      ? encodeCursor(sort, result.last)
      : undefined;
  return { page: result.page, nextCursor };
}

export async function one(ctx: StorefrontContext, id: string): Promise<CustomerProduct> {
  const row = await ctx.statements.product(id);
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return toCustomerProduct(row, ctx.deps.now());
}

/** Several products in the order asked; ids customers cannot see are left out rather than failing the call. */
export async function several(ctx: StorefrontContext, ids: string[]): Promise<CustomerProduct[]> {
  const unique = [...new Set(ids)];
  const rows = await selectProducts(
    ctx.db,
    and(inArray(products.id, unique), customerVisible),
    [],
    unique.length,
  );
  const byId = new Map(rows.map((row) => [row.id, toCustomerProduct(row, ctx.deps.now())]));
  return unique.flatMap((id) => byId.get(id) ?? []);
}

/** A visible store's catalog by id or exact name (any case), newest first. */
export async function storeCatalog(
  ctx: StorefrontContext,
  query: {
    storeId?: string;
    storeName?: string;
    categoryId?: string;
    limit: number;
    offset: number;
  },
) {
  const store = await visibleStoreBy(
    ctx,
    query.storeId
      ? eq(stores.id, query.storeId)
      : sql`lower(${stores.storeName}) = lower(${query.storeName ?? ''})`,
  );
  // A storefront category page may name a category of any level; the store id keeps the scan to one store.
  return (
    await page(ctx, {
      filters: { storeId: store.id, anyCategoryId: query.categoryId },
      sort: 'newest',
      limit: query.limit,
      offset: query.offset,
    })
  ).page;
}

/** Marketplace products: the newest visible products. */
export async function marketplace(ctx: StorefrontContext, limit: number, offset: number) {
  return (await page(ctx, { filters: {}, sort: 'newest', limit, offset })).page;
}
