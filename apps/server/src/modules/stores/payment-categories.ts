import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { prepared } from '../../platform/db/prepared.js';
import { paymentCategories, stores } from './stores.schema.js';

// Payment categories (issue 8, ADR 027): the commission each keeps, read by the ledger at payment and managed by
// admins through the ledger module's routes.

export type PaymentCategoryRow = typeof paymentCategories.$inferSelect;

// Built once (ADR 033): read at every payment.
const commissionsOf = prepared('stores_commissions', (db) =>
  db
    .select({ storeId: stores.id, basisPoints: paymentCategories.commissionBasisPoints })
    .from(stores)
    .innerJoin(paymentCategories, eq(paymentCategories.slug, stores.paymentCategory))
    .where(sql`${stores.id} = any(${sql.placeholder('ids')}::uuid[])`),
);

/** The commission of each store's payment category, in basis points (a store missing from the map has none). */
export async function storeCommissionBasisPoints(
  executor: Db,
  storeIds: string[],
): Promise<Map<string, number>> {
  if (storeIds.length === 0) return new Map();
  const rows = await commissionsOf(executor, { ids: [...new Set(storeIds)] });
  return new Map(rows.map((row) => [row.storeId, row.basisPoints]));
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
