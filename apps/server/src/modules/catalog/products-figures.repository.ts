import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { products } from './catalog.schema.js';

// What other modules read of products (ADR 101): shipping's facts, a store's dashboard figures and setup step, the
// low-stock notice, the wishlist's names. The catalog's own reads and writes are in products.repository.ts.

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

/** Whether the store has created any product, approved or not (the setup guide's step). */
export async function storeHasProducts(db: Db, storeId: string): Promise<boolean> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.storeId, storeId))
    .limit(1);
  return rows.length > 0;
}

/**
 * What a store's dashboard shows of its products: how many are at or under their stock alert (sold-out ones
 * included, as on the low-stock page), the lowest few of them, and how many wait for approval or were rejected.
 */
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
