import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { plans, storeSubscriptions, subscriptionInvoices } from './subscriptions.schema.js';

export type PlanRow = typeof plans.$inferSelect;
export type PlanInsert = typeof plans.$inferInsert;
export type SubscriptionRow = typeof storeSubscriptions.$inferSelect;
export type InvoiceRow = typeof subscriptionInvoices.$inferSelect;

export function listPlans(db: Db, onlyActive: boolean): Promise<PlanRow[]> {
  return db
    .select()
    .from(plans)
    .where(onlyActive ? eq(plans.isActive, true) : undefined)
    .orderBy(asc(plans.sortOrder), asc(plans.monthlyPriceKobo), asc(plans.name));
}

export async function findPlan(db: Db, id: string): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id));
  return row;
}

export async function findDefaultPlan(db: Db): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.isDefault, true));
  return row;
}

export async function insertPlan(db: Db, values: PlanInsert): Promise<PlanRow> {
  const [row] = await db.insert(plans).values(values).returning();
  return row!;
}

export async function updatePlan(
  db: Db,
  id: string,
  changes: Partial<PlanInsert>,
): Promise<PlanRow | undefined> {
  const [row] = await db.update(plans).set(changes).where(eq(plans.id, id)).returning();
  return row;
}

export async function clearDefaultPlan(db: Db, at: Date): Promise<void> {
  await db.update(plans).set({ isDefault: false, updatedAt: at }).where(eq(plans.isDefault, true));
}

/** Serialises plan changes (only one default at a time) within a transaction. */
export async function lockPlans(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('plans'))`);
}

export async function findSubscription(db: Db, storeId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(storeSubscriptions).where(eq(storeSubscriptions.storeId, storeId));
  return row;
}

export async function lockSubscription(db: Db, storeId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(storeSubscriptions)
    .where(eq(storeSubscriptions.storeId, storeId))
    .for('update');
  return row;
}

export async function saveSubscription(
  db: Db,
  values: typeof storeSubscriptions.$inferInsert,
): Promise<void> {
  const { storeId: _storeId, createdAt: _createdAt, ...changes } = values;
  await db
    .insert(storeSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: storeSubscriptions.storeId, set: changes });
}

export async function insertInvoice(
  db: Db,
  values: typeof subscriptionInvoices.$inferInsert,
): Promise<InvoiceRow> {
  const [row] = await db.insert(subscriptionInvoices).values(values).returning();
  return row!;
}

export async function findInvoiceByReference(db: Db, reference: string, lock = false) {
  const query = db.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.reference, reference));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function updateInvoice(db: Db, id: string, changes: Partial<InvoiceRow>): Promise<InvoiceRow> {
  const [row] = await db
    .update(subscriptionInvoices)
    .set(changes)
    .where(eq(subscriptionInvoices.id, id))
    .returning();
  return row!;
}

export function listInvoices(db: Db, storeId: string): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(subscriptionInvoices)
    .where(eq(subscriptionInvoices.storeId, storeId))
    .orderBy(desc(subscriptionInvoices.createdAt))
    .limit(120);
}
