import { and, asc, count, desc, eq, inArray, like, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { orderReturns, type ReturnStatus, returnPickups } from './returns.schema.js';

// The only file of the returns module that knows Drizzle.

export type ReturnRow = typeof orderReturns.$inferSelect;
export type NewReturn = typeof orderReturns.$inferInsert;

export interface ReturnFilter {
  customerId?: string;
  storeId?: string;
  status?: ReturnStatus;
  disputed?: boolean;
  orderId?: string;
}

export async function insertReturn(executor: Db, values: NewReturn): Promise<ReturnRow> {
  const [row] = await executor.insert(orderReturns).values(values).returning();
  return row!;
}

export async function lockReturn(executor: Db, returnId: string): Promise<ReturnRow | undefined> {
  const [row] = await executor.select().from(orderReturns).where(eq(orderReturns.id, returnId)).for('update');
  return row;
}

/** The returns a photo (by its file id) was sent with. */
export async function returnsWithPhoto(executor: Db, fileId: string): Promise<ReturnRow[]> {
  const pattern = `%/${fileId}-%`;
  return executor
    .select()
    .from(orderReturns)
    .where(
      sql`exists (select 1 from jsonb_array_elements_text(${orderReturns.photos}) as photo where photo like ${pattern})`,
    )
    .limit(20);
}

export async function findReturn(executor: Db, returnId: string): Promise<ReturnRow | undefined> {
  const [row] = await executor.select().from(orderReturns).where(eq(orderReturns.id, returnId)).limit(1);
  return row;
}

export async function updateReturn(
  executor: Db,
  returnId: string,
  patch: Partial<NewReturn>,
): Promise<ReturnRow> {
  const [row] = await executor
    .update(orderReturns)
    .set(patch)
    .where(eq(orderReturns.id, returnId))
    .returning();
  return row!;
}

/** Every return of an order (for the units already asked back). */
export async function returnsOfOrder(executor: Db, orderId: string): Promise<ReturnRow[]> {
  return executor.select().from(orderReturns).where(eq(orderReturns.orderId, orderId));
}

export async function returnPage(
  executor: Db,
  filter: ReturnFilter,
  page: { page: number; limit: number },
): Promise<{ rows: ReturnRow[]; total: number }> {
  const where: SQL | undefined = and(
    filter.customerId ? eq(orderReturns.customerId, filter.customerId) : undefined,
    filter.storeId ? eq(orderReturns.storeId, filter.storeId) : undefined,
    filter.status ? eq(orderReturns.status, filter.status) : undefined,
    filter.orderId ? eq(orderReturns.orderId, filter.orderId) : undefined,
    filter.disputed === undefined
      ? undefined
      : filter.disputed
        ? eq(orderReturns.disputeStatus, 'open')
        : undefined,
  );
  const [rows, [total]] = await Promise.all([
    executor
      .select()
      .from(orderReturns)
      .where(where)
      .orderBy(desc(orderReturns.createdAt), desc(orderReturns.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    executor.select({ value: count() }).from(orderReturns).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export type PickupRow = typeof returnPickups.$inferSelect;
export type NewPickup = typeof returnPickups.$inferInsert;

export async function insertPickup(executor: Db, values: NewPickup): Promise<PickupRow> {
  const [row] = await executor.insert(returnPickups).values(values).onConflictDoNothing().returning();
  return row ?? (await pickupOfReturn(executor, values.returnId))!;
}

export async function pickupOfReturn(executor: Db, returnId: string): Promise<PickupRow | undefined> {
  const [row] = await executor
    .select()
    .from(returnPickups)
    .where(eq(returnPickups.returnId, returnId))
    .limit(1);
  return row;
}

export async function pickupsOfReturns(executor: Db, returnIds: string[]): Promise<PickupRow[]> {
  if (returnIds.length === 0) return [];
  return executor.select().from(returnPickups).where(inArray(returnPickups.returnId, returnIds));
}

export async function findPickup(executor: Db, id: string): Promise<PickupRow | undefined> {
  const [row] = await executor.select().from(returnPickups).where(eq(returnPickups.id, id)).limit(1);
  return row;
}

export async function lockPickup(executor: Db, id: string): Promise<PickupRow | undefined> {
  const [row] = await executor.select().from(returnPickups).where(eq(returnPickups.id, id)).for('update');
  return row;
}

export async function updatePickup(executor: Db, id: string, patch: Partial<NewPickup>): Promise<PickupRow> {
  const [row] = await executor.update(returnPickups).set(patch).where(eq(returnPickups.id, id)).returning();
  return row!;
}

/** The pickups whose evidence is this photo (by its file id). */
export async function pickupsWithEvidence(executor: Db, fileId: string): Promise<PickupRow[]> {
  const pattern = `%/${fileId}-%`;
  return executor
    .select()
    .from(returnPickups)
    .where(or(like(returnPickups.collectEvidence, pattern), like(returnPickups.dropOffEvidence, pattern)))
    .limit(20);
}

export async function pickupPage(
  executor: Db,
  filter: { status?: PickupRow['status']; carrierId?: string },
  page: { page: number; limit: number },
): Promise<{ rows: PickupRow[]; total: number }> {
  const where: SQL | undefined = and(
    filter.status ? eq(returnPickups.status, filter.status) : undefined,
    filter.carrierId
      ? or(eq(returnPickups.partnerId, filter.carrierId), eq(returnPickups.dispatcherId, filter.carrierId))
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    executor
      .select()
      .from(returnPickups)
      .where(where)
      .orderBy(asc(returnPickups.createdAt), asc(returnPickups.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    executor.select({ value: count() }).from(returnPickups).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/**
 * The return pickups a carrier holds now: to collect from the customer (assigned) or to take to the store
 * (collected), by creation, at most `limit`.
 */
export function carriedOpenPickups(
  executor: Db,
  carrier: { kind: 'partner' | 'dispatcher'; id: string },
  limit: number,
): Promise<PickupRow[]> {
  return executor
    .select()
    .from(returnPickups)
    .where(
      and(
        eq(returnPickups.carrierKind, carrier.kind),
        carrier.kind === 'partner'
          ? eq(returnPickups.partnerId, carrier.id)
          : eq(returnPickups.dispatcherId, carrier.id),
        inArray(returnPickups.status, ['assigned', 'collected']),
      ),
    )
    .orderBy(asc(returnPickups.createdAt), asc(returnPickups.id))
    .limit(limit);
}
