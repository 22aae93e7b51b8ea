import type { CustomerOrder } from '@market/contracts';
import { pageInfo } from '../../platform/db/paging.js';
import { conflict, notFound } from '../../platform/errors.js';
import { storeTaxOf } from '../stores/index.js';
import type { OrdersContext } from './orders.context.js';
import * as repository from './orders.repository.js';
import { DAY_MS } from './orders.transitions.js';
import { orderReceiptPdf } from './receipt.js';
// What a customer reads of their orders (the list, one order, its receipt) and what the signed-out tracking page
// shows of one.

export async function listForCustomer(
  ctx: OrdersContext,
  customerId: string,
  query: { page: number; limit: number; status?: string },
) {
  const { rows, total } = await repository.customerOrderPage(ctx.deps.db, customerId, {
    ...query,
    exactCountUpTo: ctx.deps.config.orders.exactCountUpTo,
  });
  return {
    orders: await repository.customerOrdersOf(ctx.deps.db, rows),
    pagination: pageInfo(query.page, query.limit, total.count),
    countIsEstimate: total.estimated,
  };
}

export async function oneForCustomer(
  ctx: OrdersContext,
  customerId: string,
  orderId: string,
): Promise<CustomerOrder> {
  const { db, config } = ctx.deps;
  const row = await repository.findCustomerOrder(db, customerId, orderId);
  if (!row) throw notFound('Order not found');
  const [[order], tracker] = await Promise.all([
    repository.customerOrdersOf(db, [row]),
    row.paymentMethod === 'online' ? repository.findTracker(db, { id: row.trackerId }) : undefined,
  ]);
  const deliveredAt = order!.deliveredAt ? Date.parse(order!.deliveredAt) : null;
  return {
    ...order!,
    paymentChannel: tracker ? await ctx.paidChannelOf(tracker.reference) : null,
    returnWindowEndsAt:
      deliveredAt === null ? null : new Date(deliveredAt + config.returnWindowDays * DAY_MS).toISOString(),
  };
}

/** The customer's receipt of a paid order of theirs (PDF); an unpaid checkout has none yet. */
export async function receiptForCustomer(
  ctx: OrdersContext,
  customerId: string,
  orderId: string,
): Promise<Buffer> {
  const order = await oneForCustomer(ctx, customerId, orderId);
  if (order.orderStatus.code_name === 'awaiting_payment')
    throw conflict('This order is not paid yet: its receipt comes with the payment');
  const { config, db } = ctx.deps;
  return orderReceiptPdf(order, config.tax, ctx.deps.now(), await storeTaxOf(db, order.storeId));
}

/**
 * What the signed-out tracking page shows of an order (issue 36): its status and the customer's timeline, the
 * recipient's first name and LGA, and the delivery token while the parcel is on its way. Undefined when the
 * order does not exist or was never paid.
 */
export async function publicTracking(ctx: OrdersContext, orderId: string) {
  const order = await repository.findOrder(ctx.deps.db, orderId);
  if (!order || order.status === 'awaiting_payment') return undefined;
  const [view] = await repository.customerOrdersOf(ctx.deps.db, [order]);
  const closed = ['delivered', 'completed', 'cancelled', 'returned'].includes(order.status);
  return {
    deliveredAt: order.deliveredAt,
    view: {
      orderName: order.orderName,
      storeName: order.storeName,
      orderStatus: view!.orderStatus,
      firstName: order.deliveryAddress.fullName.trim().split(/\s+/)[0] ?? '',
      lga: order.deliveryAddress.lga,
      deliveryToken: closed ? null : order.orderDeliveryToken,
      timeline: view!.orderActivities,
    },
  };
}
