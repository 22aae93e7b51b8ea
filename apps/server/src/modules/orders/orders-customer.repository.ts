import { type CustomerOrder, customerOrderStatusOf, koboToNaira } from '@market/contracts';
import { and, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { parsedJson, rowFromJson, rowsFromJson } from '../../platform/db/json-rows.js';
import { prepared, preparedSql, type ReadPart } from '../../platform/db/prepared.js';
import type { ActivityRow, ItemRow, OrderRow, TrackerRow } from './orders.repository.js';
import { orderActivities, orderItems, orders, orderTrackers } from './orders.schema.js';

// The orders module's repository, continued: a customer's checkouts and orders as their screens read them.

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
 * `findCustomerTrackerWithContents` as a part of a read of several modules (`readTogether`, ADR 087): the payer's
 * return reads it with the payment.
 */
export function customerTrackerWithContentsPart(
  reference: string,
  customerId: string,
): ReadPart<Awaited<ReturnType<typeof findCustomerTrackerWithContents>>> {
  return {
    name: 'orders_customer_tracker_with_contents',
    sql: () => sql`select json_build_object('tracker', row_to_json(t),
        'orders', (select coalesce(json_agg(o order by o.store_name, o.id), '[]') from ${orders} o
          where o.tracker_id = t.id),
        'items', (select coalesce(json_agg(i), '[]') from ${orderItems} i join ${orders} o on o.id = i.order_id
          where o.tracker_id = t.id),
        'activities', (select coalesce(json_agg(a order by a.created_at), '[]') from ${orderActivities} a
          join ${orders} o on o.id = a.order_id where o.tracker_id = t.id))
      from ${orderTrackers} t
      where t.reference = ${sql.placeholder('reference')} and t.customer_id = ${sql.placeholder('customerId')}::uuid`,
    values: { reference, customerId },
    decode: (json) => {
      if (json === null || json === undefined) return undefined;
      const row = parsedJson<ContentsJson & { tracker: unknown }>(json);
      return {
        tracker: rowFromJson<TrackerRow>(orderTrackers, parsedJson(row.tracker)),
        contents: contentsFromJson(row),
      };
    },
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
    orderStatus: customerOrderStatusOf(row.status),
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
    payOnDelivery: payOnDeliveryTermsOf(row),
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

/** The fee and what the carrier collects of an order paid at the door (ADR 074); null for one paid online. */
export function payOnDeliveryTermsOf(row: Pick<OrderRow, 'paymentMethod' | 'totalKobo' | 'podFeeKobo'>) {
  return row.paymentMethod === 'on_delivery'
    ? { fee: koboToNaira(row.podFeeKobo), dueAtDoor: koboToNaira(row.totalKobo + row.podFeeKobo) }
    : null;
}

/**
 * A step of the order's history as its customer reads it. A carrier's decline and its reason are logistics between
 * the platform and its carriers (the admin's history keeps them): the customer is told what happens next.
 */
function customerActivityText(status: string, activity: string): string {
  if (status === 'declined') return 'We are finding another carrier to bring your order.';
  return activity;
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
