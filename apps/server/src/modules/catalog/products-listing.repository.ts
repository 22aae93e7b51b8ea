import { createHash } from 'node:crypto';
import type { ProductSort } from '@market/contracts';
import { and, count, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
// Read model: catalog listings join stores for visibility and store names (ADR 010).
import { stores } from '../stores/stores.schema.js';
import { products } from './catalog.schema.js';
import {
  type CustomerFilters,
  categoryLevel1,
  categoryLevel2,
  categoryLevel3,
  customerOrder,
  customerVisible,
  inCategoryTree,
  type ProductRecord,
  productQuery,
  productSelection,
} from './products.repository.js';

// ---------- prepared customer listings (issue 11) ----------
//
// The hot customer reads are built once per *shape* (which filters are present, the sort, whether a cursor or the
// total is wanted) and kept as Drizzle prepared statements with placeholders: the SQL text is not rebuilt per
// request, and on PostgreSQL each pooled connection prepares a named statement once and reuses its plan. A page is
// one statement: the ids of the page from products alone (the sort's partial index answers it; skipped rows are
// never joined), joined back to products, stores and category names, with the filter's total as an uncorrelated
// scalar subquery when the caller has no fresh total.

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
  withCount: boolean;
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

function listingWhere(filters: ListingFilters): SQL {
  const conditions: SQL[] = [customerVisible];
  if (filters.search !== undefined)
    conditions.push(
      sql`${products.searchVector} @@ websearch_to_tsquery('english', ${placeholder('search')})`,
    );
  if (filters.storeId !== undefined) conditions.push(eq(products.storeId, placeholder('storeId')));
  if (filters.categoryId !== undefined) conditions.push(eq(products.categoryId, placeholder('categoryId')));
  if (filters.subCategoryId !== undefined)
    conditions.push(eq(products.subCategoryId, placeholder('subCategoryId')));
  if (filters.childCategoryId !== undefined)
    conditions.push(eq(products.childCategoryId, placeholder('childCategoryId')));
  if (filters.anyCategoryId !== undefined) conditions.push(inCategoryTree(placeholder('anyCategoryId')));
  if (filters.minPriceKobo !== undefined)
    conditions.push(gte(products.priceNowKobo, placeholder('minPriceKobo')));
  if (filters.maxPriceKobo !== undefined)
    conditions.push(lte(products.priceNowKobo, placeholder('maxPriceKobo')));
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

function shapeOf(request: Pick<ListingRequest, 'filters' | 'sort' | 'after' | 'withCount'>): string {
  const { filters } = request;
  const present = PLACEHOLDER_FILTERS.filter((name) => filters[name] !== undefined);
  return [
    request.sort,
    present.join('+'),
    filters.inStock === undefined ? '' : `stock=${filters.inStock}`,
    request.after ? 'after' : '',
    request.withCount ? 'count' : '',
  ].join('|');
}

/** Statement names for PostgreSQL: one per distinct SQL text (a pooled connection prepares each once). */
function statementName(prefix: string, shape: string): string {
  return `${prefix}_${createHash('sha1').update(shape).digest('hex').slice(0, 16)}`;
}

function buildListingStatement(
  db: Db,
  request: Pick<ListingRequest, 'filters' | 'sort' | 'after' | 'withCount'>,
) {
  const where = listingWhere(request.filters);
  const order = listingOrder(request.sort);
  const pageWhere =
    request.after && isCursorSort(request.sort) ? and(where, afterCursor(request.sort))! : where;
  const page = db
    .select({ pageId: products.id })
    .from(products)
    .where(pageWhere)
    .orderBy(...order)
    .limit(placeholder('limit'))
    .offset(placeholder('offset'))
    .as('page');
  const total = request.withCount
    ? sql<number>`(select count(*) from ${products} where ${where})`.mapWith(Number)
    : sql<null>`null`;
  return db
    .select({ ...productSelection, sortKey: sortKeyText(request.sort), total })
    .from(page)
    .innerJoin(products, eq(products.id, page.pageId))
    .innerJoin(stores, eq(stores.id, products.storeId))
    .leftJoin(categoryLevel1, eq(categoryLevel1.id, products.categoryId))
    .leftJoin(categoryLevel2, eq(categoryLevel2.id, products.subCategoryId))
    .leftJoin(categoryLevel3, eq(categoryLevel3.id, products.childCategoryId))
    .orderBy(...order)
    .prepare(statementName('catalog_list', shapeOf(request)));
}

type ListingStatement = ReturnType<typeof buildListingStatement>;
export type ListingRow = Awaited<ReturnType<ListingStatement['execute']>>[number];

function buildCountStatement(db: Db, filters: ListingFilters) {
  return db
    .select({ value: count() })
    .from(products)
    .where(listingWhere(filters))
    .prepare(statementName('catalog_count', shapeOf({ filters, sort: 'newest', withCount: true })));
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
  let product: ReturnType<typeof buildProductStatement> | undefined;
  return {
    /** One page of a listing in one statement; with `withCount`, each row carries the filter's total. */
    async page(request: ListingRequest): Promise<ListingRow[]> {
      const shape = shapeOf(request);
      let statement = listings.get(shape);
      if (!statement) {
        statement = buildListingStatement(db, request);
        listings.set(shape, statement);
      }
      return statement.execute(listingValues(request));
    },
    async count(filters: ListingFilters): Promise<number> {
      const shape = shapeOf({ filters, sort: 'newest', withCount: true });
      let statement = counts.get(shape);
      if (!statement) {
        statement = buildCountStatement(db, filters);
        counts.set(shape, statement);
      }
      const [row] = await statement.execute(
        listingValues({ filters, sort: 'newest', limit: 1, offset: 0, withCount: true }),
      );
      return row?.value ?? 0;
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
