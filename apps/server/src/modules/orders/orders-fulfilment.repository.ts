import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { EstimatedTotal } from '../../platform/db/estimated-total.js';
import { containsPattern } from '../../platform/db/paging.js';
import type {
  ActivityRow,
  AssignmentRow,
  HandoverRow,
  ItemRow,
  NewAssignment,
  NewHandover,
  OrderRow,
} from './orders.repository.js';
import { pagedOrders } from './orders.repository.js';
import {
  orderActivities,
  orderAssignments,
  orderHandovers,
  orderItems,
  orders,
  orderTrackers,
} from './orders.schema.js';

// The orders module's repository, continued.

// ---------- fulfilment: assignments, hand-overs, staff and partner views ----------

/** The orders a parcel photo (by its file id) belongs to: the order's own or one of its moves'. */
export async function ordersWithEvidence(executor: Db, fileId: string): Promise<OrderRow[]> {
  // The id is a UUID checked by the caller's pattern; it is still a bound parameter, never spliced into SQL.
  const pattern = `%/${fileId}-%`;
  return executor
    .select()
    .from(orders)
    .where(
      or(
        sql`${orders.shippingEvidence} like ${pattern}`,
        inArray(
          orders.id,
          executor
            .select({ id: orderActivities.orderId })
            .from(orderActivities)
            .where(sql`${orderActivities.evidence} like ${pattern}`),
        ),
      ),
    )
    .limit(20);
}

export async function findOrder(executor: Db, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await executor.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  return row;
}

/** Orders by id, in one statement (a remittance's orders, ADR 074). */
export async function findOrders(executor: Db, orderIds: string[]): Promise<OrderRow[]> {
  if (orderIds.length === 0) return [];
  return executor.select().from(orders).where(inArray(orders.id, orderIds));
}

/** The hand-over whose token works now (the newest neither completed nor replaced), locked for the check. */
export async function lockOpenHandover(executor: Db, orderId: string): Promise<HandoverRow | undefined> {
  const [row] = await executor
    .select()
    .from(orderHandovers)
    .where(
      and(
        eq(orderHandovers.orderId, orderId),
        isNull(orderHandovers.completedAt),
        isNull(orderHandovers.invalidatedAt),
      ),
    )
    .orderBy(desc(orderHandovers.createdAt))
    .limit(1)
    .for('update');
  return row;
}

export async function updateHandover(
  executor: Db,
  handoverId: string,
  patch: Partial<NewHandover>,
): Promise<void> {
  await executor.update(orderHandovers).set(patch).where(eq(orderHandovers.id, handoverId));
}

/** Every open hand-over of the order stops working (a new token replaces it). */
export async function invalidateOpenHandovers(executor: Db, orderId: string, at: Date): Promise<void> {
  await executor
    .update(orderHandovers)
    .set({ invalidatedAt: at })
    .where(
      and(
        eq(orderHandovers.orderId, orderId),
        isNull(orderHandovers.completedAt),
        isNull(orderHandovers.invalidatedAt),
      ),
    );
}

/** Which of these orders have their open hand-over locked after too many wrong tokens. */
export async function lockedDeliveries(executor: Db, orderIds: string[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await executor
    .select({ orderId: orderHandovers.orderId })
    .from(orderHandovers)
    .where(
      and(
        inArray(orderHandovers.orderId, orderIds),
        eq(orderHandovers.locked, true),
        isNull(orderHandovers.completedAt),
        isNull(orderHandovers.invalidatedAt),
      ),
    );
  return new Set(rows.map((row) => row.orderId));
}

export async function insertAssignment(executor: Db, values: NewAssignment): Promise<AssignmentRow> {
  const [row] = await executor.insert(orderAssignments).values(values).returning();
  return row!;
}

export async function updateAssignment(
  executor: Db,
  assignmentId: string,
  patch: Partial<NewAssignment>,
): Promise<AssignmentRow | undefined> {
  const [row] = await executor
    .update(orderAssignments)
    .set(patch)
    .where(eq(orderAssignments.id, assignmentId))
    .returning();
  return row;
}

export async function findAssignment(executor: Db, assignmentId: string): Promise<AssignmentRow | undefined> {
  const [row] = await executor
    .select()
    .from(orderAssignments)
    .where(eq(orderAssignments.id, assignmentId))
    .limit(1);
  return row;
}

export async function itemsOfOrders(executor: Db, orderIds: string[]): Promise<ItemRow[]> {
  if (orderIds.length === 0) return [];
  return executor.select().from(orderItems).where(inArray(orderItems.orderId, orderIds));
}

export async function activitiesOfOrders(executor: Db, orderIds: string[]): Promise<ActivityRow[]> {
  if (orderIds.length === 0) return [];
  return executor
    .select()
    .from(orderActivities)
    .where(inArray(orderActivities.orderId, orderIds))
    .orderBy(asc(orderActivities.createdAt), asc(orderActivities.id));
}

/** Why the latest declined assignment of each order was declined, for the admins' queue. */
export async function latestDeclineReasons(executor: Db, orderIds: string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await executor
    .selectDistinctOn([orderAssignments.orderId], {
      orderId: orderAssignments.orderId,
      reason: orderAssignments.declineReason,
    })
    .from(orderAssignments)
    .where(and(inArray(orderAssignments.orderId, orderIds), eq(orderAssignments.status, 'declined')))
    .orderBy(orderAssignments.orderId, desc(orderAssignments.respondedAt));
  return new Map(rows.flatMap((row) => (row.reason ? [[row.orderId, row.reason] as const] : [])));
}

export async function itemCounts(executor: Db, orderIds: string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await executor
    .select({ orderId: orderItems.orderId, units: sql<number>`sum(${orderItems.quantity})::int` })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .groupBy(orderItems.orderId);
  return new Map(rows.map((row) => [row.orderId, Number(row.units)]));
}

export interface OrderFilter {
  storeId?: string;
  partnerId?: string;
  dispatcherId?: string;
  status?: string;
  statuses?: string[];
  /** Inclusive UTC bounds of the creation time. */
  createdFrom?: Date;
  createdBefore?: Date;
  search?: string;
}

/** Paid orders (never an unpaid checkout's) matching the filter, newest first. */
export async function orderPage(
  executor: Db,
  filter: OrderFilter,
  page: { page: number; limit: number; exactCountUpTo: number },
): Promise<{ rows: OrderRow[]; total: EstimatedTotal }> {
  const pattern = filter.search ? containsPattern(filter.search) : undefined;
  const where = and(
    ne(orders.status, 'awaiting_payment'),
    isNotNull(orderTrackers.paidAt),
    filter.storeId ? eq(orders.storeId, filter.storeId) : undefined,
    filter.partnerId ? eq(orders.partnerId, filter.partnerId) : undefined,
    filter.dispatcherId ? eq(orders.dispatcherId, filter.dispatcherId) : undefined,
    filter.status ? eq(orders.status, filter.status) : undefined,
    filter.statuses ? inArray(orders.status, filter.statuses) : undefined,
    filter.createdFrom ? gte(orders.createdAt, filter.createdFrom) : undefined,
    filter.createdBefore ? lt(orders.createdAt, filter.createdBefore) : undefined,
    pattern
      ? or(ilike(orders.orderName, pattern), ilike(sql`${orders.deliveryAddress}->>'fullName'`, pattern))
      : undefined,
  );
  return pagedOrders(executor, where, page);
}

export async function countDeliveredSince(executor: Db, partnerId: string, since: Date): Promise<number> {
  const [row] = await executor
    .select({ value: count() })
    .from(orders)
    .where(and(eq(orders.partnerId, partnerId), gte(orders.deliveredAt, since)));
  return row?.value ?? 0;
}

/** Delivered orders whose delivery is at or before the cut-off (the return window has passed), oldest first. */
export async function deliveredBefore(executor: Db, cutoff: Date, limit: number): Promise<string[]> {
  const rows = await executor
    .select({ id: orders.id })
    .from(orders)
    // An order with a return in progress waits for it (the store may still take the goods back).
    .where(and(eq(orders.status, 'delivered'), lte(orders.deliveredAt, cutoff), isNull(orders.orderReturnId)))
    .orderBy(asc(orders.deliveredAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The statuses in which an order's carrier still has it to collect (assigned) or to deliver (the rest). */
export const carriedOpenStatuses = [
  'assigned',
  'picked_up',
  'at_hub',
  'in_transit',
  'out_for_delivery',
  'delivery_failed',
] as const;

/**
 * The open orders a carrier holds now (the assignment is theirs: a partner's, or a platform dispatcher's), by order
 * name, at most `limit` (the caller asks one more to know whether there were more).
 */
export function carriedOpenOrders(
  executor: Db,
  carrier: { kind: 'partner' | 'dispatcher'; id: string },
  limit: number,
): Promise<OrderRow[]> {
  return executor
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.carrierKind, carrier.kind),
        carrier.kind === 'partner' ? eq(orders.partnerId, carrier.id) : eq(orders.dispatcherId, carrier.id),
        inArray(orders.status, [...carriedOpenStatuses]),
      ),
    )
    .orderBy(asc(orders.orderName), asc(orders.id))
    .limit(limit);
}
