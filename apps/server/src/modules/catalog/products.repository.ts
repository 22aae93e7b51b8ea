import { createHash } from 'node:crypto';
import type { ProductSort } from '@market/contracts';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  lte,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.js';
// Read model: catalog listings join stores for visibility and store names (ADR 010).
import { stores } from '../stores/stores.schema.js';
import { categories, products } from './catalog.schema.js';

// Data access for products. Customer queries are written so that PostgreSQL answers them from the partial
// indexes `... where is_visible` (see catalog.schema.ts): the visibility test is the bare column (a bound
// parameter would hide the predicate from the planner), and each sort matches one index's order.

let writeGeneration = 0;

/**
 * Counts product writes made by this process. Cached listing totals are keyed by it, so a change made here is
 * seen at once; changes made by other server processes drop the totals when the change bus brings them (ADR 043).
 */
export function productWriteGeneration(): number {
  return writeGeneration;
}

/** A change made in SQL outside these writers (a sale's day came, sale-days.ts): cached totals are dropped. */
export function bumpProductWriteGeneration(): void {
  writeGeneration += 1;
}

const categoryLevel1 = alias(categories, 'category_level1');
const categoryLevel2 = alias(categories, 'category_level2');
const categoryLevel3 = alias(categories, 'category_level3');

/** Every product column but the search vector, plus what a card needs from the store and the category names. */
const productSelection = {
  id: products.id,
  storeId: products.storeId,
  name: products.name,
  description: products.description,
  categoryId: products.categoryId,
  subCategoryId: products.subCategoryId,
  childCategoryId: products.childCategoryId,
  costPriceKobo: products.costPriceKobo,
  sellingPriceKobo: products.sellingPriceKobo,
  priceKobo: products.priceKobo,
  saleStartDate: products.saleStartDate,
  saleEndDate: products.saleEndDate,
  discountBasisPoints: products.discountBasisPoints,
  quantity: products.quantity,
  sku: products.sku,
  weight: products.weight,
  weightUnit: products.weightUnit,
  dimension: products.dimension,
  dimensionUnit: products.dimensionUnit,
  whenSoldOut: products.whenSoldOut,
  contSalesOutOfStock: products.contSalesOutOfStock,
  stockAlertUnits: products.stockAlertUnits,
  isDigitalProduct: products.isDigitalProduct,
  variants: products.variants,
  variantProperties: products.variantProperties,
  hostedImages: products.hostedImages,
  approvalStatus: products.approvalStatus,
  rejectionReason: products.rejectionReason,
  isVisible: products.isVisible,
  salesCount: products.salesCount,
  ratingAverage: products.ratingAverage,
  ratingCount: products.ratingCount,
  storeName: products.storeName,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  storeUrl: stores.storeUrl,
  merchantId: stores.merchantId,
  categoryName: categoryLevel1.name,
  subCategoryName: categoryLevel2.name,
  childCategoryName: categoryLevel3.name,
};

export type ProductRecord = Awaited<ReturnType<typeof selectProducts>>[number];
export type ProductInsert = typeof products.$inferInsert;

function productQuery(db: Db) {
  return db
    .select(productSelection)
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .leftJoin(categoryLevel1, eq(categoryLevel1.id, products.categoryId))
    .leftJoin(categoryLevel2, eq(categoryLevel2.id, products.subCategoryId))
    .leftJoin(categoryLevel3, eq(categoryLevel3.id, products.childCategoryId))
    .$dynamic();
}

export function selectProducts(db: Db, where: SQL | undefined, order: SQL[] = [], limit = 100, offset = 0) {
  return productQuery(db)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

/** The ids of one page, from products alone: the sort's index answers it without touching other tables. */
export function selectProductIds(db: Db, where: SQL, order: SQL[], limit: number, offset: number) {
  return db
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

/**
 * One page of products in two steps: the ids first (cheap even on deep pages, since no join runs for the
 * skipped rows), then the full rows with their store and category names by primary key.
 */
export async function selectProductPage(
  db: Db,
  where: SQL,
  order: SQL[],
  limit: number,
  offset = 0,
): Promise<ProductRecord[]> {
  const ids = (await selectProductIds(db, where, order, limit, offset)).map((row) => row.id);
  if (ids.length === 0) return [];
  const rows = await selectProducts(db, inArray(products.id, ids), [], ids.length);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function findProduct(db: Db, where: SQL): Promise<ProductRecord | undefined> {
  const [row] = await selectProducts(db, where, [], 1);
  return row;
}

// ---------- customer filters ----------

/**
 * Approved, store visible and not hidden while sold out (see `isCustomerVisible`): the column the partial indexes
 * are built on, written bare so the planner can match their predicate.
 */
export const customerVisible: SQL = sql`${products.isVisible}`;

/** The SQL twin of `isCustomerVisible`, given the store's visibility. */
function visibilityOf(storeVisible: SQL): SQL {
  return sql`(${products.approvalStatus} = 'approved' and ${storeVisible} and not (${products.whenSoldOut} = 'hide' and ${products.quantity} <= 0 and not ${products.contSalesOutOfStock}))`;
}

/** Recomputes `is_visible` of products after a write that may change it (approval, stock, sold-out setting). */
export async function refreshProductVisibility(db: Db, productIds: string[]): Promise<void> {
  writeGeneration += 1;
  if (productIds.length === 0) return;
  await db
    .update(products)
    .set({
      isVisible: visibilityOf(
        sql`coalesce((select ${stores.isVisible} from ${stores} where ${stores.id} = ${products.storeId}), false)`,
      ),
    })
    .where(inArray(products.id, productIds));
}

export function searchMatch(search: string): SQL {
  return sql`${products.searchVector} @@ websearch_to_tsquery('english', ${search})`;
}

export function searchRank(search: string): SQL {
  return sql`ts_rank(${products.searchVector}, websearch_to_tsquery('english', ${search}))`;
}

/** Any of the three category columns equals the id: a category, sub-category or child category filter. */
export function inCategoryTree(categoryId: string | Placeholder): SQL {
  return or(
    eq(products.categoryId, categoryId),
    eq(products.subCategoryId, categoryId),
    eq(products.childCategoryId, categoryId),
  )!;
}

export interface CustomerFilters {
  search?: string;
  categoryId?: string;
  subCategoryId?: string;
  childCategoryId?: string;
  minPriceKobo?: number;
  maxPriceKobo?: number;
  inStock?: boolean;
  storeId?: string;
}

export function customerWhere(filters: CustomerFilters): SQL {
  const conditions: SQL[] = [customerVisible];
  if (filters.search) conditions.push(searchMatch(filters.search));
  if (filters.storeId) conditions.push(eq(products.storeId, filters.storeId));
  if (filters.categoryId) conditions.push(eq(products.categoryId, filters.categoryId));
  if (filters.subCategoryId) conditions.push(eq(products.subCategoryId, filters.subCategoryId));
  if (filters.childCategoryId) conditions.push(eq(products.childCategoryId, filters.childCategoryId));
  if (filters.minPriceKobo !== undefined) conditions.push(gte(products.priceNowKobo, filters.minPriceKobo));
  if (filters.maxPriceKobo !== undefined) conditions.push(lte(products.priceNowKobo, filters.maxPriceKobo));
  if (filters.inStock === true) conditions.push(sql`${products.quantity} > 0`);
  if (filters.inStock === false) conditions.push(sql`${products.quantity} <= 0`);
  return and(...conditions)!;
}

/** Each sort leads with the column of its partial index; the id makes pages stable when values tie. */
export function customerOrder(sort: ProductSort | 'relevance', search?: string): SQL[] {
  switch (sort) {
    case 'relevance':
      return search
        ? [desc(searchRank(search)), desc(products.createdAt), desc(products.id)]
        : customerOrder('newest');
    case 'price_asc':
      return [asc(products.priceNowKobo), asc(products.id)];
    case 'price_desc':
      return [desc(products.priceNowKobo), desc(products.id)];
    case 'best_selling':
      return [desc(products.salesCount), desc(products.id)];
    case 'top_rated':
      return [desc(products.ratingAverage), desc(products.ratingCount), desc(products.id)];
    default:
      return [desc(products.createdAt), desc(products.id)];
  }
}

export async function countProducts(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ value: count() }).from(products).where(where);
  return row?.value ?? 0;
}

// ---------- writes ----------

export async function insertProduct(db: Db, values: ProductInsert): Promise<string> {
  writeGeneration += 1;
  const [row] = await db.insert(products).values(values).returning({ id: products.id });
  return row!.id;
}

/** Many new products in one statement (the spreadsheet import); their ids in the order given. */
export async function insertProducts(db: Db, values: ProductInsert[]): Promise<string[]> {
  writeGeneration += 1;
  if (values.length === 0) return [];
  const rows = await db.insert(products).values(values).returning({ id: products.id });
  return rows.map((row) => row.id);
}

export async function updateProduct(db: Db, id: string, values: Partial<ProductInsert>): Promise<void> {
  writeGeneration += 1;
  await db.update(products).set(values).where(eq(products.id, id));
}

/** The product's rating from its visible reviews; the reviews module writes it in the reviewing transaction. */
export async function setProductRating(
  db: Db,
  productId: string,
  rating: { average: number; count: number },
): Promise<void> {
  await updateProduct(db, productId, { ratingAverage: rating.average.toFixed(2), ratingCount: rating.count });
}

/** Locks one product row for a read-modify-write (edits and inventory updates must not interleave). */
export async function lockProduct(db: Db, where: SQL) {
  const [row] = await db.select().from(products).where(where).for('update').limit(1);
  return row;
}

/** Visibility of every product of a store after the store's own visibility changed. */
export async function setStoreProductsVisibility(
  db: Db,
  storeId: string,
  storeVisible: boolean,
): Promise<number> {
  writeGeneration += 1;
  const updated = await db
    .update(products)
    .set({ isVisible: storeVisible ? visibilityOf(sql`true`) : false })
    .where(eq(products.storeId, storeId))
    .returning({ id: products.id });
  return updated.length;
}

export async function setStoreNameOnProducts(db: Db, storeId: string, storeName: string): Promise<void> {
  writeGeneration += 1;
  await db.update(products).set({ storeName }).where(eq(products.storeId, storeId));
}

/** Recomputes the searchable category names of products under a category after it was renamed. */
export async function refreshCategoryText(db: Db, categoryId: string): Promise<void> {
  writeGeneration += 1;
  await db
    .update(products)
    .set({
      categoryText: sql`concat_ws(' ',
        (select name from ${categories} where id = ${products.categoryId}),
        (select name from ${categories} where id = ${products.subCategoryId}),
        (select name from ${categories} where id = ${products.childCategoryId}))`,
    })
    .where(inCategoryTree(categoryId));
}

export async function productsUsingCategories(db: Db, categoryIds: string[]): Promise<number> {
  if (categoryIds.length === 0) return 0;
  return countProducts(
    db,
    or(
      inArray(products.categoryId, categoryIds),
      inArray(products.subCategoryId, categoryIds),
      inArray(products.childCategoryId, categoryIds),
    ),
  );
}

/** Visible product counts of level-1 categories (an index-only walk of the category partial index). */
export async function visibleCountsByCategory(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ categoryId: products.categoryId, value: count() })
    .from(products)
    .where(customerVisible)
    .groupBy(products.categoryId);
  return new Map(rows.map((row) => [row.categoryId, row.value]));
}

/** The shipping facts of products (weight, size, digital), for the shipping module's quotes. */
export async function findShippingFacts(db: Db, productIds: string[]) {
  if (productIds.length === 0) return [];
  const rows = await db
    .select({
      id: products.id,
      storeId: products.storeId,
      weight: products.weight,
      weightUnit: products.weightUnit,
      dimension: products.dimension,
      dimensionUnit: products.dimensionUnit,
      isDigital: products.isDigitalProduct,
    })
    .from(products)
    .where(inArray(products.id, productIds));
  return rows.map((row) => ({ ...row, weight: row.weight === null ? null : Number(row.weight) }));
}

// ---------- a store's figures (merchant dashboard) ----------

/**
 * What a store's dashboard shows of its products: how many are at or under their stock alert (sold-out ones
 * included, as on the low-stock page), the lowest few of them, and how many wait for approval or were rejected.
 */
/** Whether the store has created any product, approved or not (the setup guide's step). */
export async function storeHasProducts(db: Db, storeId: string): Promise<boolean> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.storeId, storeId))
    .limit(1);
  return rows.length > 0;
}

export async function storeProductFigures(db: Db, storeId: string, lowStockLimit: number) {
  const low = sql`${products.quantity} <= ${products.stockAlertUnits}`;
  const [[counts], lowest] = await Promise.all([
    db
      .select({
        lowStock: sql<number>`count(*) filter (where ${low})`.mapWith(Number),
        pending: sql<number>`count(*) filter (where ${products.approvalStatus} = 'pending')`.mapWith(Number),
        rejected: sql<number>`count(*) filter (where ${products.approvalStatus} = 'rejected')`.mapWith(
          Number,
        ),
      })
      .from(products)
      .where(eq(products.storeId, storeId)),
    db
      .select({
        id: products.id,
        name: products.name,
        sku: products.sku,
        quantity: products.quantity,
        stockAlertUnits: products.stockAlertUnits,
      })
      .from(products)
      .where(and(eq(products.storeId, storeId), low))
      .orderBy(asc(products.quantity), asc(products.name), asc(products.id))
      .limit(lowStockLimit),
  ]);
  return {
    lowStock: { count: counts?.lowStock ?? 0, products: lowest },
    productsPendingApproval: counts?.pending ?? 0,
    productsRejected: counts?.rejected ?? 0,
  };
}

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
  const present = (
    [
      'search',
      'storeId',
      'categoryId',
      'subCategoryId',
      'childCategoryId',
      'anyCategoryId',
      'minPriceKobo',
      'maxPriceKobo',
    ] as const
  ).filter((name) => filters[name] !== undefined);
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
  for (const name of [
    'search',
    'storeId',
    'categoryId',
    'subCategoryId',
    'childCategoryId',
    'anyCategoryId',
    'minPriceKobo',
    'maxPriceKobo',
  ] as const) {
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

/** Approved products at or below their stock alert, in every store: what the low-stock notice tells (ADR 057). */
export async function productsRunningLow(db: Db, limit = 500) {
  return db
    .select({ id: products.id, name: products.name, storeId: products.storeId, quantity: products.quantity })
    .from(products)
    .where(
      and(eq(products.approvalStatus, 'approved'), sql`${products.quantity} <= ${products.stockAlertUnits}`),
    )
    .orderBy(asc(products.quantity))
    .limit(limit);
}

/** The store's products by id, with their names (the wishlist's counts for the merchant). */
export async function storeProductNames(db: Db, storeId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(eq(products.storeId, storeId));
  return new Map(rows.map((row) => [row.id, row.name]));
}
