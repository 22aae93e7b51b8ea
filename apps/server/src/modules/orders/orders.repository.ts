import { and, asc, count, desc, eq, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { type EstimatedTotal, offsetPageTotal } from '../../platform/db/estimated-total.js';
import { parsedJson, rowsFromJson } from '../../platform/db/json-rows.js';
import { prepared, preparedSql } from '../../platform/db/prepared.js';
import {
  orderActivities,
  type orderAssignments,
  orderHandovers,
  orderItems,
  orders,
  orderTrackers,
  type RefundStatus,
  stockReservations,
} from './orders.schema.js';

// The only file of the orders module that knows Drizzle. Every function takes the executor (the database or a
// transaction) so that checkout's flow runs in one transaction.

export type OrderRow = typeof orders.$inferSelect;
export type TrackerRow = typeof orderTrackers.$inferSelect;
export type NewTracker = typeof orderTrackers.$inferInsert;
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderItem = typeof orderItems.$inferInsert;
export type NewHandover = typeof orderHandovers.$inferInsert;
export type ReservationRow = typeof stockReservations.$inferSelect;
export type TrackerKey = { id: string } | { reference: string };
export type HandoverRow = typeof orderHandovers.$inferSelect;
export type AssignmentRow = typeof orderAssignments.$inferSelect;
export type NewAssignment = typeof orderAssignments.$inferInsert;
export type ItemRow = typeof orderItems.$inferSelect;
export type ActivityRow = typeof orderActivities.$inferSelect;

// The statements of every checkout and payment, built once (ADR 033); values are placeholders.
const trackerStatements = {
  byId: prepared('orders_tracker_by_id', (db) =>
    db
      .select()
      .from(orderTrackers)
      .where(eq(orderTrackers.id, sql.placeholder('id')))
      .limit(1),
  ),
  byReference: prepared('orders_tracker_by_reference', (db) =>
    db
      .select()
      .from(orderTrackers)
      .where(eq(orderTrackers.reference, sql.placeholder('reference')))
      .limit(1),
  ),
  customerById: prepared('orders_customer_tracker_by_id', (db) =>
    db
      .select()
      .from(orderTrackers)
      .where(
        and(
          eq(orderTrackers.id, sql.placeholder('id')),
          eq(orderTrackers.customerId, sql.placeholder('customerId')),
        ),
      )
      .limit(1),
  ),
  customerByReference: prepared('orders_customer_tracker_by_reference', (db) =>
    db
      .select()
      .from(orderTrackers)
      .where(
        and(
          eq(orderTrackers.reference, sql.placeholder('reference')),
          eq(orderTrackers.customerId, sql.placeholder('customerId')),
        ),
      )
      .limit(1),
  ),
  lockById: prepared('orders_lock_tracker_by_id', (db) =>
    db
      .select()
      .from(orderTrackers)
      .where(eq(orderTrackers.id, sql.placeholder('id')))
      .for('update'),
  ),
  lockByReference: prepared('orders_lock_tracker_by_reference', (db) =>
    db
      .select()
      .from(orderTrackers)
      .where(eq(orderTrackers.reference, sql.placeholder('reference')))
      .for('update'),
  ),
};

// ---------- trackers (one checkout) ----------

export async function insertTracker(executor: Db, values: NewTracker): Promise<TrackerRow> {
  const [row] = await executor.insert(orderTrackers).values(values).returning();
  return row!;
}

export async function lockTracker(executor: Db, key: TrackerKey): Promise<TrackerRow | undefined> {
  const [row] =
    'id' in key
      ? await trackerStatements.lockById(executor, { id: key.id })
      : await trackerStatements.lockByReference(executor, { reference: key.reference });
  return row;
}

export async function findTracker(
  executor: Db,
  key: TrackerKey,
  customerId?: string,
): Promise<TrackerRow | undefined> {
  const [row] = customerId
    ? 'id' in key
      ? await trackerStatements.customerById(executor, { id: key.id, customerId })
      : await trackerStatements.customerByReference(executor, { reference: key.reference, customerId })
    : 'id' in key
      ? await trackerStatements.byId(executor, { id: key.id })
      : await trackerStatements.byReference(executor, { reference: key.reference });
  return row;
}

/** Gift-card money held for a checkout: its amount due is its total less what is paid at the door and the cards. */
export async function applyGiftCards(
  executor: Db,
  trackerId: string,
  heldKobo: number,
): Promise<TrackerRow | undefined> {
  const [row] = await executor
    .update(orderTrackers)
    .set({
      giftCardKobo: heldKobo,
      amountDueKobo: sql`${orderTrackers.itemsSubtotalKobo} - ${orderTrackers.discountTotalKobo} + ${orderTrackers.shippingTotalKobo} - ${orderTrackers.onDeliveryKobo} - ${heldKobo}`,
    })
    .where(eq(orderTrackers.id, trackerId))
    .returning();
  return row;
}

export async function updateTracker(
  executor: Db,
  trackerId: string,
  patch: Partial<NewTracker>,
): Promise<TrackerRow> {
  const [row] = await executor
    .update(orderTrackers)
    .set(patch)
    .where(eq(orderTrackers.id, trackerId))
    .returning();
  return row!;
}

// Built once (ADR 036): every checkout keeps the provider's page for a customer who comes back to pay.
const trackerAuthorizationUrl = prepared('orders_tracker_authorization_url', (db) =>
  db
    .update(orderTrackers)
    .set({ authorizationUrl: sql`${sql.placeholder('authorizationUrl')}` })
    .where(eq(orderTrackers.id, sql.placeholder('id'))),
);

export async function setAuthorizationUrl(executor: Db, trackerId: string, authorizationUrl: string) {
  await trackerAuthorizationUrl(executor, { id: trackerId, authorizationUrl });
}

/** The customer's unpaid checkouts, locked (there is at most one; older data may hold more). */
/**
 * A customer's open checkouts, locked (oldest first), and when their checkouts that expired unpaid since `since`
 * closed (newest first): what opening a checkout asks first, in one statement (issue 32).
 */
const openAndExpired = preparedSql<{ open: unknown; expired: unknown }>(
  'orders_open_and_expired_trackers',
  () => sql`with open as materialized (
      select * from ${orderTrackers}
      where ${orderTrackers.customerId} = ${sql.placeholder('customerId')}::uuid
        and ${orderTrackers.status} = 'awaiting_payment'
      order by ${orderTrackers.createdAt}
      for update
    )
    select (select coalesce(json_agg(open order by open.created_at), '[]') from open) as open,
      (select coalesce(json_agg(${orderTrackers.updatedAt} order by ${orderTrackers.updatedAt} desc), '[]')
        from ${orderTrackers}
        where ${orderTrackers.customerId} = ${sql.placeholder('customerId')}::uuid
          and ${orderTrackers.status} = 'expired'
          and ${orderTrackers.createdAt} >= ${sql.placeholder('since')}::timestamptz) as expired`,
);

export async function lockOpenTrackersAndExpired(
  executor: Db,
  customerId: string,
  since: Date,
): Promise<{ open: TrackerRow[]; expired: Date[] }> {
  const [row] = await openAndExpired(executor, { customerId, since: since.toISOString() });
  return {
    open: rowsFromJson<TrackerRow>(orderTrackers, row?.open),
    expired: parsedJson<string[]>(row?.expired ?? []).map((at) => new Date(at)),
  };
}

/**
 * Units of each product that unpaid checkouts hold, every account's together (issue 31). Read while the caller
 * holds the products' row locks (its own reservation), so checkouts of one product are counted one after another.
 */
export async function heldUnits(executor: Db, productIds: string[]): Promise<Map<string, number>> {
  const held = new Map<string, number>();
  if (productIds.length === 0) return held;
  const rows = await executor
    .select({
      productId: stockReservations.productId,
      units: sql<number>`sum(${stockReservations.quantity})::int`,
    })
    .from(stockReservations)
    .innerJoin(orderTrackers, eq(orderTrackers.id, stockReservations.trackerId))
    .where(
      and(
        inArray(stockReservations.productId, productIds),
        isNull(stockReservations.releasedAt),
        eq(orderTrackers.status, 'awaiting_payment'),
      ),
    )
    .groupBy(stockReservations.productId);
  for (const row of rows) held.set(row.productId, Number(row.units));
  return held;
}

/** Claims one unpaid checkout whose payment window has passed; other processes skip it while it is locked. */
export async function claimExpiredTracker(executor: Db, now: Date): Promise<TrackerRow | undefined> {
  const [row] = await executor
    .select()
    .from(orderTrackers)
    .where(and(eq(orderTrackers.status, 'awaiting_payment'), lte(orderTrackers.expiresAt, now)))
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

/**
 * Late payments owed back: `due` ones whose back-off after a refusal has run out (`at`), and `sending` ones whose
 * last step is older than `askBefore` (their answer was lost or their process died: the provider is asked before
 * anything is sent again).
 */
export async function trackersWithRefundDue(
  executor: Db,
  at: Date,
  askBefore: Date,
  limit: number,
): Promise<TrackerRow[]> {
  return executor
    .select()
    .from(orderTrackers)
    .where(
      and(
        isNull(orderTrackers.refundedAt),
        sql`((${orderTrackers.refundStatus} = 'due' and (${orderTrackers.refundRetryAt} is null or ${orderTrackers.refundRetryAt} <= ${at})) or (${orderTrackers.refundStatus} = 'sending' and ${orderTrackers.updatedAt} < ${askBefore}))`,
      ),
    )
    .orderBy(asc(orderTrackers.createdAt))
    .limit(limit);
}

/**
 * Moves a late payment's refund only from the states in `from`, and, given `touchedAt`, only if nobody moved it
 * since: a conditional update, so two processes (or a webhook and a sweep) never both take one step.
 */
export async function moveLateRefund(
  executor: Db,
  trackerId: string,
  from: RefundStatus[],
  patch: Partial<NewTracker>,
  touchedAt?: Date,
): Promise<TrackerRow | undefined> {
  const [row] = await executor
    .update(orderTrackers)
    .set(patch)
    .where(
      and(
        eq(orderTrackers.id, trackerId),
        inArray(orderTrackers.refundStatus, from),
        touchedAt ? eq(orderTrackers.updatedAt, touchedAt) : undefined,
      ),
    )
    .returning();
  return row;
}

// ---------- orders ----------

export async function insertOrder(executor: Db, values: NewOrder): Promise<OrderRow> {
  const [row] = await executor.insert(orders).values(values).returning();
  return row!;
}

export async function insertOrderItems(executor: Db, rows: NewOrderItem[]): Promise<void> {
  if (rows.length > 0) await executor.insert(orderItems).values(rows);
}

export async function lockOrder(executor: Db, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await executor.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

export async function updateOrder(
  executor: Db,
  orderId: string,
  patch: Partial<NewOrder>,
): Promise<OrderRow> {
  const [row] = await executor.update(orders).set(patch).where(eq(orders.id, orderId)).returning();
  return row!;
}

export async function insertActivity(
  executor: Db,
  values: {
    orderId: string;
    status: string;
    activity: string;
    actorType: string;
    actorId: string | null;
    /** The photo uploaded with the move. */
    evidence?: string | null;
    /** The parcel label scanned for the move. */
    parcelRef?: string | null;
    createdAt: Date;
  },
): Promise<void> {
  await executor.insert(orderActivities).values(values);
}

export async function insertActivities(
  executor: Db,
  values: (typeof orderActivities.$inferInsert)[],
): Promise<void> {
  if (values.length > 0) await executor.insert(orderActivities).values(values);
}

export async function insertHandover(executor: Db, values: NewHandover): Promise<void> {
  await executor.insert(orderHandovers).values(values);
}

export async function insertHandovers(executor: Db, values: NewHandover[]): Promise<void> {
  if (values.length > 0) await executor.insert(orderHandovers).values(values);
}

const trackerOrders = prepared('orders_of_tracker', (db) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.trackerId, sql.placeholder('trackerId')))
    .orderBy(asc(orders.storeName), asc(orders.id)),
);
const lockTrackerOrders = prepared('orders_lock_of_tracker', (db) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.trackerId, sql.placeholder('trackerId')))
    .orderBy(asc(orders.storeName), asc(orders.id))
    .for('update'),
);

export async function ordersOfTracker(executor: Db, trackerId: string): Promise<OrderRow[]> {
  return trackerOrders(executor, { trackerId });
}

/** The orders of a checkout, locked in one statement, in the order `ordersOfTracker` answers them. */
export async function lockOrdersOfTracker(executor: Db, trackerId: string): Promise<OrderRow[]> {
  return lockTrackerOrders(executor, { trackerId });
}

const trackerItems = prepared('orders_items_of_tracker', (db) =>
  db
    .select({ item: orderItems, storeId: orders.storeId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orders.trackerId, sql.placeholder('trackerId'))),
);

export async function itemsOfTracker(executor: Db, trackerId: string) {
  const rows = await trackerItems(executor, { trackerId });
  return rows.map(({ item, storeId }) => ({ ...item, storeId }));
}

export async function customerOrderPage(
  executor: Db,
  customerId: string,
  query: { page: number; limit: number; status?: string; exactCountUpTo: number },
): Promise<{ rows: OrderRow[]; total: EstimatedTotal }> {
  // Only orders that were paid: a checkout that was never paid (declined, abandoned, replaced, expired) is an
  // attempt, not an order of the customer's history.
  const where = and(
    eq(orders.customerId, customerId),
    eq(orderTrackers.status, 'paid'),
    query.status ? eq(orders.status, query.status) : undefined,
  );
  return pagedOrders(executor, where, query);
}

/** Orders with their items and activities, shaped for the customer (the only one who sees the delivery token). */
// ---------- a store's figures (merchant dashboard) ----------

/** How many of the store's orders are in this status (for example paid and waiting to be accepted). */
export async function countStoreOrdersInStatus(
  executor: Db,
  storeId: string,
  status: string,
): Promise<number> {
  const [row] = await executor
    .select({ total: count() })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.status, status)));
  return row?.total ?? 0;
}

/**
 * Orders waiting in the assignment queue since before `since` (no carrier took them): what admins who assign are
 * told of (ADR 057). `updatedAt` marks when the order entered its status.
 */
export async function ordersWaitingInQueue(
  executor: Db,
  statuses: readonly string[],
  since: Date,
  limit = 200,
) {
  return executor
    .select({
      id: orders.id,
      orderName: orders.orderName,
      status: orders.status,
      updatedAt: orders.updatedAt,
    })
    .from(orders)
    .where(and(inArray(orders.status, [...statuses]), lte(orders.updatedAt, since)))
    .orderBy(orders.updatedAt)
    .limit(limit);
}

/** One page of orders (joined to their checkout for the filters), newest first, with the total for the pager. */
export async function pagedOrders(
  executor: Db,
  where: SQL | undefined,
  page: { page: number; limit: number; exactCountUpTo: number },
): Promise<{ rows: OrderRow[]; total: EstimatedTotal }> {
  const offset = (page.page - 1) * page.limit;
  const rows = await executor
    .select({ order: orders })
    .from(orders)
    .innerJoin(orderTrackers, eq(orderTrackers.id, orders.trackerId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(page.limit)
    .offset(offset);
  // The total without counting every matching order (ADR 114): a page that is not full tells it; otherwise the
  // planner's estimate, or a count that stops one past the bound.
  const matching = executor
    .select({ one: sql<number>`1` })
    .from(orders)
    .innerJoin(orderTrackers, eq(orderTrackers.id, orders.trackerId))
    .where(where);
  const total = await offsetPageTotal(
    executor,
    sql`${matching}`,
    { offset, limit: page.limit, rows: rows.length },
    page.exactCountUpTo,
  );
  return { rows: rows.map((row) => row.order), total };
}

// The rest of the repository, by concern; callers import all of it from here.
export * from './orders-checkout.repository.js';
export * from './orders-customer.repository.js';
export * from './orders-fulfilment.repository.js';
export * from './orders-refunds.repository.js';
