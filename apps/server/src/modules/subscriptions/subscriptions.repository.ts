import { and, asc, desc, eq, gt, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
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

export async function updateSubscription(
  db: Db,
  storeId: string,
  changes: Partial<typeof storeSubscriptions.$inferInsert>,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .update(storeSubscriptions)
    .set(changes)
    .where(eq(storeSubscriptions.storeId, storeId))
    .returning();
  return row;
}

/**
 * Stores whose period ends by `until` (and has not ended at `at`), with auto-renew on, a saved card, fewer than
 * `maxAttempts` failed charges for this period and no back-off still running.
 */
export async function listDueRenewals(db: Db, at: Date, until: Date, maxAttempts: number): Promise<string[]> {
  const rows = await db
    .select({ storeId: storeSubscriptions.storeId })
    .from(storeSubscriptions)
    .where(
      and(
        eq(storeSubscriptions.autoRenew, true),
        isNotNull(storeSubscriptions.authorizationCode),
        gt(storeSubscriptions.currentPeriodEnd, at),
        lte(storeSubscriptions.currentPeriodEnd, until),
        lt(storeSubscriptions.renewalAttempts, maxAttempts),
        or(isNull(storeSubscriptions.nextRenewalAttemptAt), lte(storeSubscriptions.nextRenewalAttemptAt, at)),
      ),
    )
    .orderBy(asc(storeSubscriptions.currentPeriodEnd))
    .limit(200);
  return rows.map((row) => row.storeId);
}

/** The pending or paid automatic renewal of the period ending at `periodEnd`, if one was raised. */
export async function findLiveRenewal(db: Db, storeId: string, periodEnd: Date) {
  const [row] = await db
    .select()
    .from(subscriptionInvoices)
    .where(
      and(
        eq(subscriptionInvoices.storeId, storeId),
        eq(subscriptionInvoices.renewsPeriodEnd, periodEnd),
        ne(subscriptionInvoices.status, 'failed'),
      ),
    );
  return row;
}

/** Who paid the store's latest paid invoice: automatic renewals are raised in their name. */
export async function lastPayer(db: Db, storeId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ createdBy: subscriptionInvoices.createdBy })
    .from(subscriptionInvoices)
    .where(and(eq(subscriptionInvoices.storeId, storeId), eq(subscriptionInvoices.status, 'paid')))
    .orderBy(desc(subscriptionInvoices.paidAt))
    .limit(1);
  return row?.createdBy;
}

/**
 * Closes the store's unpaid checkout invoices (renewals are the job's own) before a new checkout: an abandoned
 * payment page must not leave a second "Awaiting payment" invoice beside the new one.
 */
export async function cancelOpenCheckouts(db: Db, storeId: string): Promise<void> {
  await db
    .update(subscriptionInvoices)
    .set({ status: 'cancelled' })
    .where(
      and(
        eq(subscriptionInvoices.storeId, storeId),
        eq(subscriptionInvoices.status, 'pending'),
        isNull(subscriptionInvoices.renewsPeriodEnd),
      ),
    );
}
