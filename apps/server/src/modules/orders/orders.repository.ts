import { type CustomerOrder, koboToNaira, orderStatusOf } from '@market/contracts';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import {
  insertFromJson,
  jsonRows,
  parsedJson,
  rowFromJson,
  rowsFromJson,
} from '../../platform/db/json-rows.js';
import { containsPattern } from '../../platform/db/paging.js';
import { prepared, preparedSql } from '../../platform/db/prepared.js';
import {
  orderActivities,
  orderAssignments,
  orderHandovers,
  orderItems,
  orderRefunds,
  orders,
  orderTrackers,
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
const openTrackers = prepared('orders_lock_open_trackers', (db) =>
  db
    .select()
    .from(orderTrackers)
    .where(
      and(
        eq(orderTrackers.customerId, sql.placeholder('customerId')),
        eq(orderTrackers.status, 'awaiting_payment'),
      ),
    )
    .orderBy(asc(orderTrackers.createdAt))
    .for('update'),
);

export async function lockOpenTrackers(executor: Db, customerId: string): Promise<TrackerRow[]> {
  return openTrackers(executor, { customerId });
}

/**
 * When a customer's checkouts that expired unpaid since `since` closed, newest first (issue 31: an account whose
 * checkouts keep expiring loses the right to hold stock for a while).
 */
export async function expiredCheckoutsSince(executor: Db, customerId: string, since: Date): Promise<Date[]> {
  const rows = await executor
    .select({ at: orderTrackers.updatedAt })
    .from(orderTrackers)
    .where(
      and(
        eq(orderTrackers.customerId, customerId),
        eq(orderTrackers.status, 'expired'),
        gte(orderTrackers.createdAt, since),
      ),
    )
    .orderBy(desc(orderTrackers.updatedAt));
  return rows.map((row) => row.at);
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

export async function trackersWithRefundDue(executor: Db, limit: number): Promise<TrackerRow[]> {
  return executor
    .select()
    .from(orderTrackers)
    .where(and(eq(orderTrackers.refundStatus, 'due'), isNull(orderTrackers.refundedAt)))
    .orderBy(asc(orderTrackers.createdAt))
    .limit(limit);
}

// ---------- stock reservations of a checkout ----------

/** Marks the checkout's open reservations released and answers them (so the caller can give the stock back). */
export async function releaseReservations(
  executor: Db,
  trackerId: string,
  at: Date,
): Promise<ReservationRow[]> {
  return executor
    .update(stockReservations)
    .set({ releasedAt: at })
    .where(and(eq(stockReservations.trackerId, trackerId), isNull(stockReservations.releasedAt)))
    .returning();
}

const trackerKeys = [
  'id',
  'createdAt',
  'updatedAt',
  'reference',
  'customerId',
  'itemsSubtotalKobo',
  'shippingTotalKobo',
  'discountTotalKobo',
  'giftCardKobo',
  'amountDueKobo',
  'deliveryAddress',
  'appliedCouponCodes',
  'expiresAt',
] as const;
const reservationKeys = ['trackerId', 'productId', 'variantId', 'quantity'] as const;
const orderKeys = [
  'id',
  'createdAt',
  'updatedAt',
  'trackerId',
  'orderName',
  'customerId',
  'storeId',
  'merchantId',
  'storeName',
  'status',
  'subtotalKobo',
  'shippingFeeKobo',
  'discountKobo',
  'totalKobo',
  'deliveryAddress',
  'orderNote',
  'withinLagos',
  'lagosMerchant',
  'lagosCustomer',
  'weightGrams',
  'couponId',
  'couponCode',
  'rewardProductIds',
] as const;
const itemKeys = [
  'orderId',
  'productId',
  'variantId',
  'productName',
  'sku',
  'unitPriceKobo',
  'quantity',
  'hostedImages',
  'productVariant',
] as const;
const activityKeys = ['orderId', 'status', 'activity', 'actorType', 'actorId', 'createdAt'] as const;
const handoverKeys = [
  'orderId',
  'fromPartyKind',
  'toPartyKind',
  'toPartyId',
  'tokenHash',
  'createdAt',
] as const;

const asJson = {
  trackers: jsonRows(orderTrackers, trackerKeys),
  reservations: jsonRows(stockReservations, reservationKeys),
  orders: jsonRows(orders, orderKeys),
  items: jsonRows(orderItems, itemKeys),
  activities: jsonRows(orderActivities, activityKeys),
  handovers: jsonRows(orderHandovers, handoverKeys),
  tokens: (tokens: { id: string; token: string }[]) => JSON.stringify(tokens),
};

/**
 * Every row of one checkout in one statement (ADR 036): the tracker, its stock reservations, its orders, their items
 * and first activities, as data-modifying CTEs of a single insert. Each table's rows are one JSON parameter (ADR
 * 037), so the statement's text is the same for any cart and is built and planned once.
 */
const insertCheckoutStatement = preparedSql<Record<'tracker' | 'orders' | 'items' | 'activities', unknown>>(
  'orders_insert_checkout',
  () => sql`with
    t as (${insertFromJson(orderTrackers, trackerKeys, 'tracker')} returning *),
    r as (${insertFromJson(stockReservations, reservationKeys, 'reservations')}),
    o as (${insertFromJson(orders, orderKeys, 'orders')} returning *),
    i as (${insertFromJson(orderItems, itemKeys, 'items')} returning *),
    a as (${insertFromJson(orderActivities, activityKeys, 'activities')} returning *)
    select (select row_to_json(t) from t) as tracker,
      (select coalesce(json_agg(o order by o.store_name, o.id), '[]') from o) as orders,
      (select coalesce(json_agg(i), '[]') from i) as items,
      (select coalesce(json_agg(a), '[]') from a) as activities`,
);

/**
 * Writes one checkout in one round trip (ADR 036). Ids of the tracker and orders are chosen by the caller so that
 * the rows can name each other. Answers the rows written: orders in `ordersOfTracker`'s order (store name in the
 * database's collation, then id), the other lists in the order given.
 */
export async function insertCheckout(
  executor: Db,
  input: {
    tracker: Pick<NewTracker, (typeof trackerKeys)[number]> & { id: string };
    reservations: { productId: string; variantId: string | null; quantity: number }[];
    orders: (Pick<NewOrder, (typeof orderKeys)[number]> & { id: string })[];
    items: Pick<NewOrderItem, (typeof itemKeys)[number]>[];
    activities: Pick<typeof orderActivities.$inferInsert, (typeof activityKeys)[number]>[];
  },
): Promise<{ tracker: TrackerRow; orders: OrderRow[]; items: ItemRow[]; activities: ActivityRow[] }> {
  const trackerId = input.tracker.id;
  const [row] = await insertCheckoutStatement(executor, {
    tracker: asJson.trackers([input.tracker]),
    reservations: asJson.reservations(input.reservations.map((line) => ({ ...line, trackerId }))),
    orders: asJson.orders(input.orders),
    items: asJson.items(input.items),
    activities: asJson.activities(input.activities),
  });
  return {
    tracker: rowFromJson<TrackerRow>(orderTrackers, parsedJson(row!.tracker)),
    orders: rowsFromJson<OrderRow>(orders, row!.orders),
    items: rowsFromJson<ItemRow>(orderItems, row!.items),
    activities: rowsFromJson<ActivityRow>(orderActivities, row!.activities),
  };
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

/**
 * A checkout paid (ADR 036): the tracker is paid, its orders become pending with their tokens, each gets its activity
 * and its hand-over to the customer, the open stock reservations end, and the checkout's items are answered with
 * their store. Fixed text, the lists as JSON (ADR 037).
 */
const payCheckoutStatement = preparedSql<{ items: unknown }>(
  'orders_pay_checkout',
  () => sql`with
    tokens as (select * from jsonb_to_recordset(${sql.placeholder('tokens')}::jsonb) as x(id uuid, token text)),
    t as (update ${orderTrackers} set status = 'paid', paid_at = ${sql.placeholder('at')}::timestamptz,
      updated_at = ${sql.placeholder('at')}::timestamptz where id = ${sql.placeholder('trackerId')}::uuid),
    o as (update ${orders} set status = 'pending', updated_at = ${sql.placeholder('at')}::timestamptz,
      order_delivery_token = tokens.token from tokens where ${orders.id} = tokens.id),
    a as (${insertFromJson(orderActivities, activityKeys, 'activities')}),
    h as (${insertFromJson(orderHandovers, handoverKeys, 'handovers')}),
    r as (update ${stockReservations} set released_at = ${sql.placeholder('at')}::timestamptz
      where tracker_id = ${sql.placeholder('trackerId')}::uuid and released_at is null)
    select coalesce(json_agg(json_build_object('item', row_to_json(i.*), 'storeId', o.store_id)), '[]') as items
    from ${orderItems} i join ${orders} o on o.id = i.order_id
    where o.tracker_id = ${sql.placeholder('trackerId')}::uuid`,
);

/**
 * A checkout paid, in one statement: its orders were locked by the caller, the tracker too (by the payment, or it
 * is the transaction's own, paid by gift cards). Answers the checkout's items with their store, as `itemsOfTracker`
 * does.
 */
export async function payCheckout(
  executor: Db,
  input: {
    trackerId: string;
    at: Date;
    tokens: { id: string; token: string }[];
    activities: Pick<typeof orderActivities.$inferInsert, (typeof activityKeys)[number]>[];
    handovers: Pick<NewHandover, (typeof handoverKeys)[number]>[];
  },
): Promise<(ItemRow & { storeId: string })[]> {
  const [row] = await payCheckoutStatement(executor, {
    trackerId: input.trackerId,
    at: input.at.toISOString(),
    tokens: asJson.tokens(input.tokens),
    activities: asJson.activities(input.activities),
    handovers: asJson.handovers(input.handovers),
  });
  return parsedJson<{ item: Record<string, unknown>; storeId: string }[]>(row!.items).map(
    ({ item, storeId }) => ({ ...rowFromJson<ItemRow>(orderItems, item), storeId }),
  );
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
  query: { page: number; limit: number; status?: string },
): Promise<{ rows: OrderRow[]; total: number }> {
  // Only orders that were paid: a checkout that was never paid (declined, abandoned, replaced, expired) is an
  // attempt, not an order of the customer's history.
  const where = and(
    eq(orders.customerId, customerId),
    eq(orderTrackers.status, 'paid'),
    query.status ? eq(orders.status, query.status) : undefined,
  );
  return pagedOrders(executor, where, query);
}

export async function findCustomerOrder(
  executor: Db,
  customerId: string,
  orderId: string,
): Promise<OrderRow | undefined> {
  const [row] = await executor
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)))
    .limit(1);
  return row;
}

/** Whether the customer has an order that was paid (not awaiting payment, not cancelled). */
export async function hasPaidOrder(executor: Db, customerId: string): Promise<boolean> {
  const [row] = await executor
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(eq(orders.customerId, customerId), notInArray(orders.status, ['awaiting_payment', 'cancelled'])),
    )
    .limit(1);
  return Boolean(row);
}

/** Statuses in which the customer has received an order: what makes a review a verified purchase. */
export const RECEIVED_STATUSES = ['delivered', 'completed'] as const;

/** Whether the customer received an order containing the product. */
export async function hasReceivedProduct(executor: Db, customerId: string, productId: string) {
  const [row] = await executor
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.customerId, customerId),
        inArray(orders.status, [...RECEIVED_STATUSES]),
        eq(orderItems.productId, productId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Whether the customer received an order from the store. */
export async function hasReceivedFromStore(executor: Db, customerId: string, storeId: string) {
  const [row] = await executor
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.customerId, customerId),
        eq(orders.storeId, storeId),
        inArray(orders.status, [...RECEIVED_STATUSES]),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Orders with their items and activities, shaped for the customer (the only one who sees the delivery token). */
// `= any(array)`: one statement text for any number of orders, so it is built once (ADR 033).
const itemsOfOrderIds = prepared('orders_items_of_orders', (db) =>
  db
    .select()
    .from(orderItems)
    .where(sql`${orderItems.orderId} = any(${sql.placeholder('ids')}::uuid[])`),
);
const activitiesOfOrderIds = prepared('orders_activities_of_orders', (db) =>
  db
    .select()
    .from(orderActivities)
    .where(sql`${orderActivities.orderId} = any(${sql.placeholder('ids')}::uuid[])`)
    .orderBy(orderActivities.createdAt),
);

/** A checkout's orders, their items and their activities: three JSON lists of one row, for the tracker `id`. */
const contentsOf = (
  id: SQL,
) => sql`(select coalesce(json_agg(o order by o.store_name, o.id), '[]') from ${orders} o
      where o.tracker_id = ${id}) as orders,
    (select coalesce(json_agg(i), '[]') from ${orderItems} i join ${orders} o on o.id = i.order_id
      where o.tracker_id = ${id}) as items,
    (select coalesce(json_agg(a order by a.created_at), '[]') from ${orderActivities} a
      join ${orders} o on o.id = a.order_id where o.tracker_id = ${id}) as activities`;

type ContentsJson = Record<'orders' | 'items' | 'activities', unknown>;

const trackerContentsStatement = preparedSql<ContentsJson>(
  'orders_tracker_contents',
  () => sql`select ${contentsOf(sql`${sql.placeholder('trackerId')}::uuid`)}`,
);

/** The customer's checkout by reference with its contents (ADR 037), for `$reference` and `$customerId`. */
const customerTrackerWithContents = preparedSql<ContentsJson & { tracker: unknown }>(
  'orders_customer_tracker_with_contents',
  () => sql`select row_to_json(t) as tracker, ${contentsOf(sql.raw('t.id'))}
    from ${orderTrackers} t
    where t.reference = ${sql.placeholder('reference')} and t.customer_id = ${sql.placeholder('customerId')}::uuid`,
);

function contentsFromJson(row: ContentsJson) {
  return {
    orders: rowsFromJson<OrderRow>(orders, row.orders),
    items: rowsFromJson<ItemRow>(orderItems, row.items),
    activities: rowsFromJson<ActivityRow>(orderActivities, row.activities),
  };
}

/**
 * A checkout's orders (in `ordersOfTracker`'s order), their items and their activities (oldest first) in one
 * statement (ADR 036): the payer's return shows all three, which were three round trips.
 */
export async function trackerContents(
  executor: Db,
  trackerId: string,
): Promise<{ orders: OrderRow[]; items: ItemRow[]; activities: ActivityRow[] }> {
  const [row] = await trackerContentsStatement(executor, { trackerId });
  return contentsFromJson(row!);
}

/**
 * The customer's checkout and its contents (as `trackerContents` answers them) in one statement (ADR 037): the
 * payer's return reads both. Undefined when the customer has no checkout of that reference.
 */
export async function findCustomerTrackerWithContents(
  executor: Db,
  reference: string,
  customerId: string,
): Promise<
  | { tracker: TrackerRow; contents: { orders: OrderRow[]; items: ItemRow[]; activities: ActivityRow[] } }
  | undefined
> {
  const [row] = await customerTrackerWithContents(executor, { reference, customerId });
  if (!row) return undefined;
  return {
    tracker: rowFromJson<TrackerRow>(orderTrackers, parsedJson(row.tracker)),
    contents: contentsFromJson(row),
  };
}

/**
 * The customer's view of orders. `written`: their items and activities as the caller has just inserted them (a
 * new checkout), instead of reading them back.
 */
export async function customerOrdersOf(
  executor: Db,
  rows: OrderRow[],
  written?: { items: ItemRow[]; activities: ActivityRow[] },
): Promise<CustomerOrder[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [items, activities] = written
    ? [written.items, [...written.activities].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())]
    : await Promise.all([itemsOfOrderIds(executor, { ids }), activitiesOfOrderIds(executor, { ids })]);
  return rows.map((row) => ({
    id: row.id,
    orderName: row.orderName,
    orderNote: row.orderNote,
    orderStatus: orderStatusOf(row.status),
    subtotal: koboToNaira(row.subtotalKobo),
    shippingFee: koboToNaira(row.shippingFeeKobo),
    discount: koboToNaira(row.discountKobo),
    total: koboToNaira(row.totalKobo),
    storeId: row.storeId,
    storeName: row.storeName,
    merchantId: row.merchantId,
    customerId: row.customerId,
    trackerId: row.trackerId,
    orderItems: items
      .filter((item) => item.orderId === row.id)
      .map((item) => ({
        productId: item.productId,
        variantId: item.variantId,
        merchantId: row.merchantId,
        storeId: row.storeId,
        storeName: row.storeName,
        productName: item.productName,
        sku: item.sku,
        quantity: item.quantity,
        productPrice: koboToNaira(item.unitPriceKobo),
        discount: koboToNaira(item.discountKobo),
        hostedImages: item.hostedImages,
        productVariants: item.productVariant,
      })),
    deliveryAddress: row.deliveryAddress,
    orderDeliveryToken: row.orderDeliveryToken,
    carrier: row.carrierKind
      ? {
          kind: row.carrierKind,
          name: row.dispatcherName ?? row.carrierName ?? 'Carrier',
          phoneNumber: row.dispatchPhoneNumber,
        }
      : null,
    withinLagos: row.withinLagos,
    lagosMerchant: row.lagosMerchant,
    lagosCustomer: row.lagosCustomer,
    orderActivities: activities
      .filter((activity) => activity.orderId === row.id)
      .map((activity) => ({
        activity: customerActivityText(activity.status, activity.activity),
        status: activity.status,
        createdAt: activity.createdAt.toISOString(),
      })),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    orderReturnId: row.orderReturnId,
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * A step of the order's history as its customer reads it. A carrier's decline and its reason are logistics between
 * the platform and its carriers (the admin's history keeps them): the customer is told what happens next.
 */
function customerActivityText(status: string, activity: string): string {
  if (status === 'declined') return 'We are finding another carrier to bring your order.';
  return activity;
}

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

// ---------- fulfilment: assignments, hand-overs, staff and partner views ----------

export type HandoverRow = typeof orderHandovers.$inferSelect;
export type AssignmentRow = typeof orderAssignments.$inferSelect;
export type NewAssignment = typeof orderAssignments.$inferInsert;
export type ItemRow = typeof orderItems.$inferSelect;
export type ActivityRow = typeof orderActivities.$inferSelect;

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
  page: { page: number; limit: number },
): Promise<{ rows: OrderRow[]; total: number }> {
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

/** One page of orders (joined to their checkout for the filters), newest first, with the total for the pager. */
async function pagedOrders(
  executor: Db,
  where: SQL | undefined,
  page: { page: number; limit: number },
): Promise<{ rows: OrderRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    executor
      .select({ order: orders })
      .from(orders)
      .innerJoin(orderTrackers, eq(orderTrackers.id, orders.trackerId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    executor
      .select({ value: count() })
      .from(orders)
      .innerJoin(orderTrackers, eq(orderTrackers.id, orders.trackerId))
      .where(where),
  ]);
  return { rows: rows.map((row) => row.order), total: total?.value ?? 0 };
}

// ---------- refunds (the history of money sent back, ADR 026) ----------

export type RefundRow = typeof orderRefunds.$inferSelect;
export type NewRefund = typeof orderRefunds.$inferInsert;

export async function refundsOfOrder(executor: Db, orderId: string): Promise<RefundRow[]> {
  return executor
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId))
    .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id));
}

/**
 * Ids of paid orders after `after` (by id), `limit` of them: for the flow that books paid orders the ledger never
 * heard of (ADR 047). A paid order is one the sales reports count (ADR 025).
 */
export async function paidOrderIds(executor: Db, after: string | null, limit: number): Promise<string[]> {
  const rows = await executor
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        after ? gt(orders.id, after) : undefined,
        sql`${orders.status} <> 'awaiting_payment'`,
        sql`(${orders.status} <> 'cancelled' or exists (select 1 from ${orderTrackers} t
          where t.id = ${orders.trackerId} and t.paid_at is not null))`,
      ),
    )
    .orderBy(asc(orders.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

export async function refundsOfReturns(executor: Db, returnIds: string[]): Promise<RefundRow[]> {
  if (returnIds.length === 0) return [];
  return executor
    .select()
    .from(orderRefunds)
    .where(inArray(orderRefunds.returnId, returnIds))
    .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id));
}

export async function insertRefund(executor: Db, values: NewRefund): Promise<RefundRow> {
  const [row] = await executor.insert(orderRefunds).values(values).returning();
  return row!;
}

export async function lockRefund(executor: Db, refundId: string): Promise<RefundRow | undefined> {
  const [row] = await executor.select().from(orderRefunds).where(eq(orderRefunds.id, refundId)).for('update');
  return row;
}

export async function findRefund(executor: Db, refundId: string): Promise<RefundRow | undefined> {
  const [row] = await executor.select().from(orderRefunds).where(eq(orderRefunds.id, refundId)).limit(1);
  return row;
}

/** Updates a refund only while it is in one of `from` (a webhook and the sender may race); answers the row. */
export async function updateRefund(
  executor: Db,
  refundId: string,
  from: RefundRow['status'][],
  patch: Partial<NewRefund>,
): Promise<RefundRow | undefined> {
  const [row] = await executor
    .update(orderRefunds)
    .set(patch)
    .where(and(eq(orderRefunds.id, refundId), inArray(orderRefunds.status, from)))
    .returning();
  return row;
}

export async function setChargedTo(
  executor: Db,
  returnId: string,
  chargedTo: 'merchant' | 'platform',
  at: Date,
): Promise<RefundRow[]> {
  return executor
    .update(orderRefunds)
    .set({ chargedTo, updatedAt: at })
    .where(eq(orderRefunds.returnId, returnId))
    .returning();
}

/** Refunds the provider settled itself under one key (a card dispute's reversal, ADR 049). */
export async function refundsSettledBy(executor: Db, settlementKey: string): Promise<RefundRow[]> {
  return executor
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.kind, 'chargeback'), eq(orderRefunds.providerReference, settlementKey)));
}

export async function setChargedToSettledBy(
  executor: Db,
  settlementKey: string,
  chargedTo: 'merchant' | 'platform',
  at: Date,
): Promise<RefundRow[]> {
  return executor
    .update(orderRefunds)
    .set({ chargedTo, updatedAt: at })
    .where(and(eq(orderRefunds.kind, 'chargeback'), eq(orderRefunds.providerReference, settlementKey)))
    .returning();
}

/**
 * The provider's refund a webhook speaks of: by the provider's own id when we have it, else the oldest refund of
 * that payment with that amount that is not final (failed and unknown included: a late answer or a retry may have
 * come first, ADR 061). Paystack's refund.* samples name the processor's `refund_reference`, not the id its
 * `POST /refund` answered, so the fallback cannot exclude rows that hold an id. Locked.
 */
export async function lockProviderRefund(
  executor: Db,
  match: { paymentReference: string; providerReference: string | null; amountKobo: number | null },
): Promise<RefundRow | undefined> {
  if (match.providerReference) {
    const [byId] = await executor
      .select()
      .from(orderRefunds)
      .where(
        and(
          eq(orderRefunds.paymentReference, match.paymentReference),
          eq(orderRefunds.providerReference, match.providerReference),
        ),
      )
      .limit(1)
      .for('update');
    if (byId) return byId;
  }
  const [row] = await executor
    .select()
    .from(orderRefunds)
    .where(
      and(
        eq(orderRefunds.paymentReference, match.paymentReference),
        eq(orderRefunds.destination, 'provider'),
        inArray(orderRefunds.status, ['pending', 'processing', 'unknown', 'failed']),
        match.amountKobo === null ? undefined : eq(orderRefunds.amountKobo, match.amountKobo),
      ),
    )
    // The rows the provider most likely holds first: a call in flight or unheard, then a failure, then unsent.
    .orderBy(
      sql`case ${orderRefunds.status} when 'unknown' then 0 when 'processing' then 1 when 'failed' then 2 else 3 end`,
      asc(orderRefunds.createdAt),
    )
    .limit(1)
    .for('update');
  return row;
}

/** Every provider refund of one payment, locked: which of the provider's refunds are already ours (ADR 061). */
export async function lockProviderRefundsOfPayment(
  executor: Db,
  paymentReference: string,
): Promise<RefundRow[]> {
  return executor
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.paymentReference, paymentReference), eq(orderRefunds.destination, 'provider')))
    .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id))
    .for('update');
}

/**
 * Provider refunds whose outcome nobody recorded (ADR 061), oldest first: `unknown` ones whose next look is due,
 * `processing` ones whose call was started (the intent) and never answered by `at` (the process died in between),
 * and `pending` ones booked before `bookedBefore` and never sent (the process died after the booking committed).
 */
export async function refundsToResume(
  executor: Db,
  at: Date,
  bookedBefore: Date,
  limit: number,
): Promise<RefundRow[]> {
  return executor
    .select()
    .from(orderRefunds)
    .where(
      and(
        eq(orderRefunds.destination, 'provider'),
        or(
          and(
            inArray(orderRefunds.status, ['unknown', 'processing']),
            isNull(orderRefunds.providerReference),
            lte(orderRefunds.nextAttemptAt, at),
          ),
          and(eq(orderRefunds.status, 'pending'), lte(orderRefunds.updatedAt, bookedBefore)),
        ),
      ),
    )
    .orderBy(asc(orderRefunds.updatedAt))
    .limit(limit);
}

/** Failed refunds whose automatic retry is due (ADR 049), oldest due first. */
export async function refundsDueForRetry(executor: Db, at: Date, limit: number): Promise<RefundRow[]> {
  return executor
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.status, 'failed'), lte(orderRefunds.nextAttemptAt, at)))
    .orderBy(asc(orderRefunds.nextAttemptAt))
    .limit(limit);
}

export async function refundPage(
  executor: Db,
  filter: { status?: RefundRow['status']; needsAttention?: boolean },
  page: { page: number; limit: number },
): Promise<{ rows: (RefundRow & { orderName: string })[]; total: number }> {
  const where = and(
    filter.status ? eq(orderRefunds.status, filter.status) : undefined,
    // Flagged and still with the provider: once processed, failed or decided, nothing is left to attend to.
    filter.needsAttention
      ? and(eq(orderRefunds.needsAttention, true), eq(orderRefunds.status, 'processing'))
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    executor
      .select({ refund: orderRefunds, orderName: orders.orderName })
      .from(orderRefunds)
      .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
      .where(where)
      .orderBy(desc(orderRefunds.createdAt), desc(orderRefunds.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    executor.select({ value: count() }).from(orderRefunds).where(where),
  ]);
  return {
    rows: rows.map((row) => ({ ...row.refund, orderName: row.orderName })),
    total: total?.value ?? 0,
  };
}

export async function orderNames(executor: Db, orderIds: string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await executor
    .select({ id: orders.id, orderName: orders.orderName })
    .from(orders)
    .where(inArray(orders.id, orderIds));
  return new Map(rows.map((row) => [row.id, row.orderName]));
}
