import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { paymentCategories, stores } from './stores.schema.js';

// Payment categories (issue 8, ADR 027): the commission each keeps, read by the ledger at payment and managed by
// admins through the ledger module's routes.

export type PaymentCategoryRow = typeof paymentCategories.$inferSelect;

/**
 * The commission of one store, in basis points: null when the store has no payment category (the ledger then charges
 * the standard rate). The stores module's read for a module that needs one store's rate (ADR 081).
 */
export async function storeCommissionBasisPoints(executor: Db, storeId: string): Promise<number | null> {
  const [row] = await executor
    .select({ basisPoints: paymentCategories.commissionBasisPoints })
    .from(stores)
    .innerJoin(paymentCategories, eq(paymentCategories.slug, stores.paymentCategory))
    .where(eq(stores.id, storeId))
    .limit(1);
  return row?.basisPoints ?? null;
}

export async function listPaymentCategories(
  executor: Db,
): Promise<(PaymentCategoryRow & { storeCount: number })[]> {
  const [rows, counts] = await Promise.all([
    executor.select().from(paymentCategories).orderBy(asc(paymentCategories.commissionBasisPoints)),
    executor
      .select({ slug: stores.paymentCategory, stores: count() })
      .from(stores)
      .groupBy(stores.paymentCategory),
  ]);
  const bySlug = new Map(counts.map((entry) => [entry.slug, Number(entry.stores)]));
  return rows
    .sort((a, b) => b.commissionBasisPoints - a.commissionBasisPoints)
    .map((row) => ({ ...row, storeCount: bySlug.get(row.slug) ?? 0 }));
}

export async function updatePaymentCategoryCommission(
  executor: Db,
  slug: string,
  commissionBasisPoints: number,
  at: Date,
): Promise<PaymentCategoryRow | undefined> {
  const [row] = await executor
    .update(paymentCategories)
    .set({ commissionBasisPoints, updatedAt: at })
    .where(eq(paymentCategories.slug, slug))
    .returning();
  return row;
}
