import { type CustomerOrder, koboToNaira, orderStatusOf } from '@market/contracts';
import { and, count, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { pageInfo } from '../../platform/db/paging.js';
import type { Deps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { orderActivities, orderItems, orders } from './orders.schema.js';

export type OrderRow = typeof orders.$inferSelect;

/** Orders with their items and activities, shaped for the customer (the only one who sees the delivery token). */
export async function customerOrdersOf(executor: Db, rows: OrderRow[]): Promise<CustomerOrder[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [items, activities] = await Promise.all([
    executor.select().from(orderItems).where(inArray(orderItems.orderId, ids)),
    executor
      .select()
      .from(orderActivities)
      .where(inArray(orderActivities.orderId, ids))
      .orderBy(orderActivities.createdAt),
  ]);
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
    withinLagos: row.withinLagos,
    lagosMerchant: row.lagosMerchant,
    lagosCustomer: row.lagosCustomer,
    orderActivities: activities
      .filter((activity) => activity.orderId === row.id)
      .map((activity) => ({
        activity: activity.activity,
        status: activity.status,
        createdAt: activity.createdAt.toISOString(),
      })),
    createdAt: row.createdAt.toISOString(),
  }));
}

export function createOrdersService(deps: Deps) {
  const { db } = deps;
  return {
    async listForCustomer(customerId: string, query: { page: number; limit: number; status?: string }) {
      const where = and(
        eq(orders.customerId, customerId),
        query.status ? eq(orders.status, query.status) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(where)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ value: count() }).from(orders).where(where),
      ]);
      const totalItems = total?.value ?? 0;
      return {
        orders: await customerOrdersOf(db, rows),
        pagination: pageInfo(query.page, query.limit, totalItems),
      };
    },

    async oneForCustomer(customerId: string, orderId: string): Promise<CustomerOrder> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)))
        .limit(1);
      if (!row) throw notFound('Order not found');
      const [order] = await customerOrdersOf(db, [row]);
      return order!;
    },
  };
}

/** A customer who has never paid for an order (coupons for first-time customers). */
export async function isFirstTimeCustomer(executor: Db, customerId: string): Promise<boolean> {
  const [row] = await executor
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(eq(orders.customerId, customerId), notInArray(orders.status, ['awaiting_payment', 'cancelled'])),
    )
    .limit(1);
  return !row;
}
