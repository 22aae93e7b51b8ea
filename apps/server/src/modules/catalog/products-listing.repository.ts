import { createHash } from 'node:crypto';
import type { ProductSort } from '@market/contracts';
import { and, count, desc, eq, gte, lte, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { type EstimatedTotal, plannerEstimate } from '../../platform/db/estimated-total.js';
import type { CardRecord } from './catalog.mappers.js';
import { products } from './catalog.schema.js';
import {
  type CustomerFilters,
  customerOrder,
  customerVisible,
  inCategoryTree,
  type ProductRecord,
  productQuery,
} from './products.repository.js';

// ---------- prepared customer listings (issue 11) ----------
//
// The hot customer reads are built once per *shape* (which filters are present, the sort, whether a cursor is given)
// and kept as Drizzle prepared statements with placeholders: the SQL text is not rebuilt per
// request, and on PostgreSQL each pooled connection prepares a named statement once and reuses its plan. A page is
// one statement: the ids of the page from products alone (the sort's partial index answers it; skipped rows are
// never joined), joined back to products for the card's columns (store address and category names included). The filter's
// total is asked apart: the planner's estimate (EXPLAIN, no row read), and a count that stops at a bound when the
// estimate is small (ADR 114).

export type ListingSort = ProductSort | 'relevance';

/** What a listing filters on; values travel as placeholders, presence is part of the statement's shape. */
export interface ListingFilters extends CustomerFilters {
  /** A category of any level (a storefront's category page). */
  anyCategoryId?: string;
}

/** Where the previous page ended: the sort key of its last row and that row's id (keyset paging). */
export interface ListingCursor {
  /** The sort's key values, as text (timestamps to the microsecond). */
  key: string[];
  id: string;
}

export interface ListingRequest {
  filters: ListingFilters;
  sort: ListingSort;
  limit: number;
  offset: number;
  after?: ListingCursor;
}

/** A listing's total, and whether it is the planner's estimate rather than a count (ADR 114). */
export type ListingTotal = EstimatedTotal;

/**
 * Relevance ranks a bounded set of matches, not all of them: `ts_rank` reads each candidate's search vector from the
 * table, so ranking every match of a common word ("premium": 9,514 at 100k products) cost more than the rest of the
 * page. The candidates are the first this many matches the index hands over (no order to sort first); a page
 * deeper than them ranks a window as many times larger as it needs (RELEVANCE_CANDIDATES × n), so pages within one
 * window agree with each other. A word with fewer matches is ranked over all of them, as before (ADR 114).
 */
export const RELEVANCE_CANDIDATES = 200;

/** How many matches a relevance page ranks: whole windows of candidates, enough to reach past its offset. */
export function relevanceWindow(limit: number, offset: number): number {
  return Math.ceil((offset + limit) / RELEVANCE_CANDIDATES) * RELEVANCE_CANDIDATES;
}

/** The sorts keyset paging supports (relevance ranks are floats computed per query: offset only). */
export const cursorSorts = ['newest', 'price_asc', 'price_desc', 'best_selling', 'top_rated'] as const;
export type CursorSort = (typeof cursorSorts)[number];
export function isCursorSort(sort: ListingSort): sort is CursorSort {
  return (cursorSorts as readonly string[]).includes(sort);
}

const placeholder = (name: string) => sql.placeholder(name);

/** The filters that travel as placeholders: their presence is part of a statement's shape, their values are not. */
const PLACEHOLDER_FILTERS = [
  'search',
  'storeId',
  'categoryId',
  'subCategoryId',
  'childCategoryId',
  'anyCategoryId',
  'minPriceKobo',
  'maxPriceKobo',
] as const;

type FilterName = (typeof PLACEHOLDER_FILTERS)[number];

/**
 * The filter's condition; each value a placeholder of a prepared statement, or (`valueFor` given) bound as a parameter
 * of a one-off statement such as the estimate's EXPLAIN.
 */
function listingWhere(
  filters: ListingFilters,
  valueFor: (name: FilterName) => Placeholder | SQL = placeholder,
): SQL {
  const conditions: SQL[] = [customerVisible];
  if (filters.search !== undefined)
    conditions.push(sql`${products.searchVector} @@ websearch_to_tsquery('english', ${valueFor('search')})`);
  if (filters.storeId !== undefined) conditions.push(eq(products.storeId, valueFor('storeId')));
  if (filters.categoryId !== undefined) conditions.push(eq(products.categoryId, valueFor('categoryId')));
  if (filters.subCategoryId !== undefined)
    conditions.push(eq(products.subCategoryId, valueFor('subCategoryId')));
  if (filters.childCategoryId !== undefined)
    conditions.push(eq(products.childCategoryId, valueFor('childCategoryId')));
  if (filters.anyCategoryId !== undefined) conditions.push(inCategoryTree(valueFor('anyCategoryId')));
  if (filters.minPriceKobo !== undefined)
    conditions.push(gte(products.priceNowKobo, valueFor('minPriceKobo')));
  if (filters.maxPriceKobo !== undefined)
    conditions.push(lte(products.priceNowKobo, valueFor('maxPriceKobo')));
  if (filters.inStock === true) conditions.push(sql`${products.quantity} > 0`);
  if (filters.inStock === false) conditions.push(sql`${products.quantity} <= 0`);
  return and(...conditions)!;
}

function listingOrder(sort: ListingSort): SQL[] {
  if (sort === 'relevance') {
    const rank = sql`ts_rank(${products.searchVector}, websearch_to_tsquery('english', ${placeholder('search')}))`;
    return [desc(rank), desc(products.createdAt), desc(products.id)];
  }
  return customerOrder(sort);
}

/**
 * The ids of one page: from products alone in the sort's order; by relevance, from the first `window` matches only
 * (RELEVANCE_CANDIDATES), ranked, with how many candidates there were (null for the other sorts).
 */
function pageIds(db: Db, request: Pick<ListingRequest, 'filters' | 'sort' | 'after'>) {
  const where = listingWhere(request.filters);
  if (request.sort === 'relevance') return rankedPageIds(db, where);
  const pageWhere =
    request.after && isCursorSort(request.sort) ? and(where, afterCursor(request.sort))! : where;
  return db
    .select({ pageId: products.id, candidates: sql<number | null>`null::integer`.as('candidates') })
    .from(products)
    .where(pageWhere)
    .orderBy(...listingOrder(request.sort))
    .limit(placeholder('limit'))
    .offset(placeholder('offset'))
    .as('page');
}

/**
 * A relevance page's ids: the first `window` rows matching `where` (no order to sort first), ranked by `ts_rank`, with
 * how many candidates there were. The GIN index's first matches for a listing (`pageIds`), or the search index's
 * (`rankedCards`, ADR 116).
 */
function rankedPageIds(db: Db, where: SQL) {
  const candidates = db
    .select({ id: products.id, createdAt: products.createdAt, searchVector: products.searchVector })
    .from(products)
    .where(where)
    .limit(placeholder('window'))
    .as('candidates');
  const rank = sql`ts_rank(${candidates.searchVector}, websearch_to_tsquery('english', ${placeholder('search')}))`;
  return db
    .select({
      pageId: candidates.id,
      // Over the window's candidates, before the page's limit: fewer than the window means every match.
      candidates: sql<number>`(count(*) over ())::integer`.as('candidates'),
    })
    .from(candidates)
    .orderBy(desc(rank), desc(candidates.createdAt), desc(candidates.id))
    .limit(placeholder('limit'))
    .offset(placeholder('offset'))
    .as('page');
}

/** A page's cards, in the sort's order, from the page's ids. */
function cardsOfPage(db: Db, page: ReturnType<typeof pageIds>, sort: ListingSort) {
  return db
    .select({ ...pageRowSelection, sortKey: sortKeyText(sort), candidates: page.candidates })
    .from(page)
    .innerJoin(products, eq(products.id, page.pageId))
    .orderBy(...listingOrder(sort));
}

/** Rows after the cursor in the sort's order: a row comparison, which a btree walks from the cursor on. */
function afterCursor(sort: CursorSort): SQL {
  const id = sql`${placeholder('cursorId')}::uuid`;
  const key0 = placeholder('cursorKey0');
  switch (sort) {
    case 'price_asc':
      return sql`(${products.priceNowKobo}, ${products.id}) > (${key0}::bigint, ${id})`;
    case 'price_desc':
      return sql`(${products.priceNowKobo}, ${products.id}) < (${key0}::bigint, ${id})`;
    case 'best_selling':
      return sql`(${products.salesCount}, ${products.id}) < (${key0}::integer, ${id})`;
    case 'top_rated':
      return sql`(${products.ratingAverage}, ${products.ratingCount}, ${products.id}) < (${key0}::numeric, ${placeholder('cursorKey1')}::integer, ${id})`;
    default:
      return sql`(${products.createdAt}, ${products.id}) < (${key0}::timestamptz, ${id})`;
  }
}

/** The exact sort key of a row as text, for the next page's cursor. */
function sortKeyText(sort: ListingSort): SQL<string> {
  switch (sort) {
    case 'price_asc':
    case 'price_desc':
      return sql<string>`${products.priceNowKobo}::text`;
    case 'best_selling':
      return sql<string>`${products.salesCount}::text`;
    case 'top_rated':
      return sql<string>`${products.ratingAverage}::text || ',' || ${products.ratingCount}::text`;
    default:
      return sql<string>`${products.createdAt}::text`;
  }
}

function shapeOf(request: Pick<ListingRequest, 'filters' | 'sort' | 'after'>): string {
  const { filters } = request;
  const present = PLACEHOLDER_FILTERS.filter((name) => filters[name] !== undefined);
  return [
    request.sort,
    present.join('+'),
    filters.inStock === undefined ? '' : `stock=${filters.inStock}`,
    request.after ? 'after' : '',
  ].join('|');
}

/** Statement names for PostgreSQL: one per distinct SQL text (a pooled connection prepares each once). */
function statementName(prefix: string, shape: string): string {
  return `${prefix}_${createHash('sha1').update(shape).digest('hex').slice(0, 16)}`;
}

/**
 * A page row is what its card shows and no more (`CardRecord`), read from products alone: the store's address and
 * the category names are copied onto each product by triggers (migration 0054, ADR 114 amended by h-listing), where
 * each row looked them up by key (five look-ups a row, 0.2–0.3 ms of PostgreSQL CPU a page), and before that joined
 * them (the generic plan hashed every store and the categories three times a page). The merchant's columns, the
 * approval columns and the store's merchant were decoded and dropped on every row.
 */
const pageRowSelection = {
  id: products.id,
  storeId: products.storeId,
  storeName: products.storeName,
  storeUrl: products.storeUrl,
  name: products.name,
  description: products.description,
  categoryName: products.categoryName,
  categoryId: products.categoryId,
  subCategoryName: products.subCategoryName,
  subCategoryId: products.subCategoryId,
  childCategoryName: products.childCategoryName,
  childCategoryId: products.childCategoryId,
  sellingPriceKobo: products.sellingPriceKobo,
  priceKobo: products.priceKobo,
  saleStartDate: products.saleStartDate,
  saleEndDate: products.saleEndDate,
  quantity: products.quantity,
  sku: products.sku,
  weight: products.weight,
  weightUnit: products.weightUnit,
  dimension: products.dimension,
  dimensionUnit: products.dimensionUnit,
  isDigitalProduct: products.isDigitalProduct,
  variants: products.variants,
  variantProperties: products.variantProperties,
  hostedImages: products.hostedImages,
  salesCount: products.salesCount,
  ratingAverage: products.ratingAverage,
  ratingCount: products.ratingCount,
  createdAt: products.createdAt,
} satisfies Record<keyof CardRecord, unknown>;

function buildListingStatement(db: Db, request: Pick<ListingRequest, 'filters' | 'sort' | 'after'>) {
  return cardsOfPage(db, pageIds(db, request), request.sort).prepare(
    statementName('catalog_list', shapeOf(request)),
  );
}

type ListingStatement = ReturnType<typeof buildListingStatement>;
export type ListingRow = Awaited<ReturnType<ListingStatement['execute']>>[number];

/** The matching rows counted up to a bound (`countLimit`): the count stops there, however many match. */
function buildCountStatement(db: Db, filters: ListingFilters) {
  const bounded = db
    .select({ one: sql`1` })
    .from(products)
    .where(listingWhere(filters))
    .limit(placeholder('countLimit'))
    .as('bounded');
  return db
    .select({ value: count() })
    .from(bounded)
    .prepare(statementName('catalog_count', shapeOf({ filters, sort: 'newest' })));
}

/**
 * The cards of the given products that customers can still see, in no order, each with its sort key for the next
 * page's cursor: a page the search index cut (search-index/), read by key.
 */
function buildCardsStatement(db: Db, sort: ListingSort) {
  return db
    .select({ ...pageRowSelection, sortKey: sortKeyText(sort) })
    .from(products)
    .where(and(sql`${products.id} = any(${placeholder('ids')}::uuid[])`, customerVisible))
    .prepare(statementName('catalog_cards', sort));
}

export type CardRow = Awaited<ReturnType<ReturnType<typeof buildCardsStatement>['execute']>>[number];

/**
 * A relevance page over given candidates (the search index's first matches, as `pageIds` takes the first the GIN
 * index hands over): ranked, cut, and read in one statement.
 */
function buildRankedCardsStatement(db: Db) {
  const candidates = and(sql`${products.id} = any(${placeholder('ids')}::uuid[])`, customerVisible)!;
  return cardsOfPage(db, rankedPageIds(db, candidates), 'relevance').prepare('catalog_ranked_cards');
}

function buildProductStatement(db: Db) {
  return productQuery(db)
    .where(and(eq(products.id, placeholder('id')), customerVisible))
    .limit(1)
    .prepare('catalog_product_one');
}

function listingValues(request: ListingRequest): Record<string, unknown> {
  const { filters } = request;
  const values: Record<string, unknown> = { limit: request.limit, offset: request.offset };
  if (request.sort === 'relevance') values.window = relevanceWindow(request.limit, request.offset);
  for (const name of PLACEHOLDER_FILTERS) {
    if (filters[name] !== undefined) values[name] = filters[name];
  }
  if (request.after) {
    values.cursorId = request.after.id;
    values.cursorKey0 = request.after.key[0];
    values.cursorKey1 = request.after.key[1];
  }
  return values;
}

/** The prepared customer reads of one database handle, built on first use of each shape. */
export function createCatalogStatements(db: Db) {
  const listings = new Map<string, ListingStatement>();
  const counts = new Map<string, ReturnType<typeof buildCountStatement>>();
  const cardStatements = new Map<ListingSort, ReturnType<typeof buildCardsStatement>>();
  let rankedCards: ReturnType<typeof buildRankedCardsStatement> | undefined;
  let product: ReturnType<typeof buildProductStatement> | undefined;
  return {
    /** One page of a listing in one statement. */
    async page(request: ListingRequest): Promise<ListingRow[]> {
      const shape = shapeOf(request);
      let statement = listings.get(shape);
      if (!statement) {
        statement = buildListingStatement(db, request);
        listings.set(shape, statement);
      }
      return statement.execute(listingValues(request));
    },
    /** The rows matching the filter, counted up to `upTo` at most (an index walk that stops there). */
    async count(filters: ListingFilters, upTo: number): Promise<number> {
      const shape = shapeOf({ filters, sort: 'newest' });
      let statement = counts.get(shape);
      if (!statement) {
        statement = buildCountStatement(db, filters);
        counts.set(shape, statement);
      }
      const [row] = await statement.execute({
        ...listingValues({ filters, sort: 'newest', limit: 1, offset: 0 }),
        countLimit: upTo,
      });
      return row?.value ?? 0;
    },
    /**
     * The planner's estimate of the rows matching the filter, from the table's statistics: EXPLAIN plans the
     * statement with these values and reads no row. Not prepared: an EXPLAIN is planned at each execution anyway.
     */
    async estimate(filters: ListingFilters): Promise<number> {
      const where = listingWhere(filters, (name) => sql`${filters[name]}`);
      return plannerEstimate(db, sql`select 1 from ${products} where ${where}`);
    },
    /** The cards of these products customers can see (a hidden one is left out), in no order. */
    async cards(ids: string[], sort: ListingSort): Promise<CardRow[]> {
      let statement = cardStatements.get(sort);
      if (!statement) {
        statement = buildCardsStatement(db, sort);
        cardStatements.set(sort, statement);
      }
      return statement.execute({ ids });
    },
    /** A relevance page of the search over these candidates, ranked by `ts_rank` as `page` ranks. */
    async rankedCards(ids: string[], search: string, limit: number, offset: number): Promise<ListingRow[]> {
      rankedCards ??= buildRankedCardsStatement(db);
      return rankedCards.execute({ ids, search, limit, offset, window: ids.length });
    },
    /** A product customers can see, by id. */
    async product(id: string): Promise<ProductRecord | undefined> {
      product ??= buildProductStatement(db);
      const [row] = await product.execute({ id });
      return row;
    },
  };
}
export type CatalogStatements = ReturnType<typeof createCatalogStatements>;
