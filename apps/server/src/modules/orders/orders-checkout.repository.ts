import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import {
  insertFromJson,
  jsonRows,
  parsedJson,
  rowFromJson,
  rowsFromJson,
} from '../../platform/db/json-rows.js';
import { preparedSql, type ReadPart, type StatementPart } from '../../platform/db/prepared.js';
import type {
  ActivityRow,
  ItemRow,
  NewHandover,
  NewOrder,
  NewOrderItem,
  NewTracker,
  OrderRow,
  ReservationRow,
  TrackerRow,
} from './orders.repository.js';
import {
  orderActivities,
  orderHandovers,
  orderItems,
  orders,
  orderTrackers,
  stockReservations,
} from './orders.schema.js';

// The orders module's repository, continued: a checkout's rows written, and paid, in one statement each (ADR 033, 036).

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
  'onDeliveryKobo',
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
  'paymentMethod',
  'podFeeKobo',
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
type InsertCheckoutStatement = (
  executor: Db,
  values?: Record<string, unknown>,
) => Promise<Record<'tracker' | 'orders' | 'items' | 'activities', unknown>[]>;
const insertCheckoutStatements = new Map<string, InsertCheckoutStatement>();

/**
 * The statement of `insertCheckout` with other modules' writes (`with`, ADR 087: the payment's row) as further
 * data-modifying CTEs, as `writeTogether` sends them; built once per list of parts.
 */
function insertCheckoutStatement(parts: StatementPart[]): InsertCheckoutStatement {
  const name = parts.map((part) => part.name).join('+');
  let statement = insertCheckoutStatements.get(name);
  if (statement) return statement;
  const withParts = parts.map((part, index) => sql`, ${sql.raw(`w${index}`)} as (${part.sql()})`);
  statement = preparedSql(
    name === ''
      ? 'orders_insert_checkout'
      : `orders_insert_checkout_${createHash('sha256').update(name).digest('hex').slice(0, 16)}`,
    () => sql`with
    t as (${insertFromJson(orderTrackers, trackerKeys, 'tracker')} returning *),
    r as (${insertFromJson(stockReservations, reservationKeys, 'reservations')}),
    o as (${insertFromJson(orders, orderKeys, 'orders')} returning *),
    i as (${insertFromJson(orderItems, itemKeys, 'items')} returning *),
    a as (${insertFromJson(orderActivities, activityKeys, 'activities')} returning *)${sql.join(withParts, sql``)}
    select (select row_to_json(t) from t) as tracker,
      (select coalesce(json_agg(o order by o.store_name, o.id), '[]') from o) as orders,
      (select coalesce(json_agg(i), '[]') from i) as items,
      (select coalesce(json_agg(a), '[]') from a) as activities`,
  );
  insertCheckoutStatements.set(name, statement);
  return statement;
}

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
  writeWith: StatementPart[] = [],
): Promise<{ tracker: TrackerRow; orders: OrderRow[]; items: ItemRow[]; activities: ActivityRow[] }> {
  const trackerId = input.tracker.id;
  const values: Record<string, unknown> = {
    tracker: asJson.trackers([input.tracker]),
    reservations: asJson.reservations(input.reservations.map((line) => ({ ...line, trackerId }))),
    orders: asJson.orders(input.orders),
    items: asJson.items(input.items),
    activities: asJson.activities(input.activities),
  };
  for (const part of writeWith)
    for (const [key, value] of Object.entries(part.values)) {
      if (key in values) throw new Error(`insertCheckout: the placeholder ${key} is named twice`);
      values[key] = value;
    }
  const [row] = await insertCheckoutStatement(writeWith)(executor, values);
  for (const part of writeWith) part.after?.();
  return {
    tracker: rowFromJson<TrackerRow>(orderTrackers, parsedJson(row!.tracker)),
    orders: rowsFromJson<OrderRow>(orders, row!.orders),
    items: rowsFromJson<ItemRow>(orderItems, row!.items),
    activities: rowsFromJson<ActivityRow>(orderActivities, row!.activities),
  };
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

/**
 * The checkout of `reference` locked, then its orders (as `lockOrdersOfTracker` locks them), as a part of a read of
 * several modules (`readTogether`; issue 32, item 6; ADR 087): the orders' condition is on the checkout's id, which
 * the part finds first, so they are locked after it, as when the two were two statements; a row changed while this
 * waited is read as it is now (a locking read answers the row it locked).
 */
export function lockTrackerAndOrdersPart(
  reference: string,
): ReadPart<{ tracker: TrackerRow; orders: OrderRow[] } | undefined> {
  return {
    name: 'orders_lock_tracker_and_orders',
    sql: () => sql`
      with t as materialized (
        select * from ${orderTrackers} where ${orderTrackers.reference} = ${sql.placeholder('reference')} for update
      ),
      locked_orders as materialized (
        select * from ${orders} where ${orders.trackerId} = (select id from t)
        order by ${orders.storeName}, ${orders.id}
        for update
      )
      select json_build_object('tracker', (select row_to_json(t) from t),
        'orders', (select coalesce(json_agg(l order by l.store_name, l.id), '[]') from locked_orders l))`,
    values: { reference },
    decode: (json) => {
      const locked = parsedJson<{ tracker: Record<string, unknown> | null; orders: unknown }>(json);
      if (!locked.tracker) return undefined;
      return {
        tracker: rowFromJson<TrackerRow>(orderTrackers, locked.tracker),
        orders: rowsFromJson<OrderRow>(orders, locked.orders),
      };
    },
  };
}
