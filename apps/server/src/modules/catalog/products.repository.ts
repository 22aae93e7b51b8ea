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
// parameter would hide the predicate from the planner), and each sort matches one index's order. The prepared
// customer listings are in products-listing.repository.ts, other modules' reads of products in
// products-figures.repository.ts (ADR 101).

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

// The names of a product's three category levels; the prepared listings (products-listing.repository.ts) join them too.
export const categoryLevel1 = alias(categories, 'category_level1');
export const categoryLevel2 = alias(categories, 'category_level2');
export const categoryLevel3 = alias(categories, 'category_level3');

/** Every product column but the search vector, plus what a card needs from the store and the category names. */
export const productSelection = {
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

export function productQuery(db: Db) {
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
export function inCategoryTree(categoryId: string | Placeholder | SQL): SQL {
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
