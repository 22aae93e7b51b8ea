import type {
  AdminProductsQuery,
  ApprovalStatus,
  MerchantProduct,
  MerchantProductsQuery,
} from '@market/contracts';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { containsPattern, pageInfo } from '../../platform/db/paging.js';
import { notFound } from '../../platform/errors.js';
import type { AuthContext } from '../../platform/http/routes.js';
// Read model: catalog listings join stores for visibility and store names (ADR 010).
import { stores } from '../stores/stores.schema.js';
import { toMerchantProduct } from './catalog.mappers.js';
import { products } from './catalog.schema.js';
import { merchantStore, PRODUCT_NOT_FOUND, type ProductsContext } from './products.context.js';
import { findProduct, selectProducts } from './products.repository.js';

// The product lists of the merchant's and the admin's screens (ADR 101), with their filters and figures.

/** One page of products, newest first: the merchant's list and the admin's page alike. */
function newestFirst(db: Db, where: SQL | undefined, query: { page: number; limit: number }) {
  return selectProducts(
    db,
    where,
    [desc(products.createdAt), desc(products.id)],
    query.limit,
    (query.page - 1) * query.limit,
  );
}

export async function mine(ctx: ProductsContext, auth: AuthContext, query: MerchantProductsQuery) {
  const { db } = ctx;
  const store = await merchantStore(db, auth);
  const conditions: SQL[] = [eq(products.storeId, store.id)];
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(or(ilike(products.name, pattern), ilike(products.sku, pattern))!);
  }
  if (query.status) conditions.push(eq(products.approvalStatus, query.status));
  if (query.stock === 'out') conditions.push(sql`${products.quantity} <= 0`);
  if (query.stock === 'low') {
    conditions.push(sql`${products.quantity} > 0 and ${products.quantity} <= ${products.stockAlertUnits}`);
  }
  if (query.stock === 'in') conditions.push(sql`${products.quantity} > ${products.stockAlertUnits}`);
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    newestFirst(db, where, query),
    db.select({ value: count() }).from(products).where(where),
  ]);
  const totalItems = total?.value ?? 0;
  return {
    products: rows.map((row) => toMerchantProduct(row, ctx.deps.now())),
    pagination: pageInfo(query.page, query.limit, totalItems),
  };
}

/** Products at or under their stock alert units (sold-out ones included), lowest stock first. */
export async function lowStock(
  ctx: ProductsContext,
  auth: AuthContext,
  limit: number,
): Promise<MerchantProduct[]> {
  const store = await merchantStore(ctx.db, auth);
  const rows = await selectProducts(
    ctx.db,
    and(eq(products.storeId, store.id), sql`${products.quantity} <= ${products.stockAlertUnits}`),
    [asc(products.quantity), asc(products.name)],
    limit,
  );
  return rows.map((row) => toMerchantProduct(row, ctx.deps.now()));
}

export async function mineOne(ctx: ProductsContext, auth: AuthContext, id: string): Promise<MerchantProduct> {
  const store = await merchantStore(ctx.db, auth);
  const row = await findProduct(ctx.db, and(eq(products.id, id), eq(products.storeId, store.id))!);
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return toMerchantProduct(row, ctx.deps.now());
}

export async function adminList(ctx: ProductsContext, query: AdminProductsQuery) {
  return adminProductList(ctx.db, ctx.deps.now(), query);
}

/** Every store's products for admins (or one store's, one merchant's), newest first, with a count per status. */
export async function adminProductList(db: Db, now: Date, query: AdminProductsQuery) {
  const conditions: SQL[] = [];
  if (query.storeId) conditions.push(eq(products.storeId, query.storeId));
  if (query.merchantId) conditions.push(eq(stores.merchantId, query.merchantId));
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(
      or(ilike(products.name, pattern), ilike(products.storeName, pattern), ilike(products.sku, pattern))!,
    );
  }
  // The metrics count every status under the other filters, so the tabs show what each one holds.
  const metricsWhere = and(...conditions);
  if (query.approvalStatus) conditions.push(eq(products.approvalStatus, query.approvalStatus));
  const where = and(...conditions);
  const [rows, [total], byStatus] = await Promise.all([
    newestFirst(db, where, query),
    db
      .select({ value: count() })
      .from(products)
      .innerJoin(stores, eq(stores.id, products.storeId))
      .where(where),
    db
      .select({ status: products.approvalStatus, value: count() })
      .from(products)
      .innerJoin(stores, eq(stores.id, products.storeId))
      .where(metricsWhere)
      .groupBy(products.approvalStatus),
  ]);
  const totalItems = total?.value ?? 0;
  const metric = (status: ApprovalStatus) => byStatus.find((row) => row.status === status)?.value ?? 0;
  return {
    products: rows.map((row) => toMerchantProduct(row, now)),
    pagination: pageInfo(query.page, query.limit, totalItems),
    metrics: { approved: metric('approved'), pending: metric('pending'), rejected: metric('rejected') },
  };
}
