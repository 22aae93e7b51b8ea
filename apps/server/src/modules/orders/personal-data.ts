import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { orderItems, orderRefunds, orders } from './orders.schema.js';

/** Orders that are finished: nothing more can happen to them, so an account may close (ADR 073). */
const FINISHED = ['completed', 'cancelled', 'returned'];
/** Refunds still on their way to the customer. */
const UNFINISHED_REFUNDS = ['pending', 'processing', 'unknown', 'failed'] as const;

/** Who the order was for, after the account closed: the amounts stay, the person does not. */
export const ANONYMISED_NAME = 'Closed account';

/** The customer's orders with their items, money figures and refunds, for their data export. */
export async function ordersForExport(db: Db, customerId: string) {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .orderBy(asc(orders.createdAt));
  const ids = rows.map((row) => row.id);
  const [items, refunds] = ids.length
    ? await Promise.all([
        db.select().from(orderItems).where(inArray(orderItems.orderId, ids)),
        db.select().from(orderRefunds).where(inArray(orderRefunds.orderId, ids)),
      ])
    : [[], []];
  return rows.map((row) => ({
    id: row.id,
    orderName: row.orderName,
    storeName: row.storeName,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    subtotalKobo: row.subtotalKobo,
    shippingFeeKobo: row.shippingFeeKobo,
    discountKobo: row.discountKobo,
    totalKobo: row.totalKobo,
    deliveryAddress: { ...row.deliveryAddress },
    items: items
      .filter((item) => item.orderId === row.id)
      .map((item) => ({
        productName: item.productName,
        sku: item.sku,
        quantity: item.quantity,
        unitPriceKobo: item.unitPriceKobo,
        discountKobo: item.discountKobo,
      })),
    refunds: refunds
      .filter((refund) => refund.orderId === row.id)
      .map((refund) => ({
        reference: refund.reference,
        amountKobo: refund.amountKobo,
        status: refund.status,
        createdAt: refund.createdAt.toISOString(),
      })),
  }));
}

/** Why the account cannot close yet, or null: an order not finished, or a refund still on its way to them. */
export async function unfinishedBusinessOf(
  tx: Db,
  customerId: string,
): Promise<'order-in-flight' | 'refund-pending' | null> {
  const [open] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), notInArray(orders.status, FINISHED)))
    .limit(1)
    .for('update');
  if (open) return 'order-in-flight';
  const [refund] = await tx
    .select({ id: orderRefunds.id })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .where(and(eq(orders.customerId, customerId), inArray(orderRefunds.status, [...UNFINISHED_REFUNDS])))
    .limit(1);
  return refund ? 'refund-pending' : null;
}

/**
 * The orders stay (amounts, items, stores, days: the books and invoices the law keeps), but the delivery address
 * loses the person: name, phone, e-mail and street go; the state and LGA stay for tax and delivery reports.
 */
export async function anonymiseOrders(tx: Db, customerId: string): Promise<number> {
  const rows = await tx
    .select({ id: orders.id, deliveryAddress: orders.deliveryAddress })
    .from(orders)
    .where(eq(orders.customerId, customerId));
  for (const row of rows) {
    await tx
      .update(orders)
      .set({
        deliveryAddress: {
          ...row.deliveryAddress,
          fullName: ANONYMISED_NAME,
          phoneNumber: '',
          emailAddress: null,
          address: '',
        },
        orderNote: null,
      })
      .where(eq(orders.id, row.id));
  }
  return rows.length;
}

/** Orders a shipping partner carries that are not finished: given to them and not yet delivered or handed back. */
const CARRIED = ['assigned', 'picked_up', 'at_hub', 'in_transit', 'out_for_delivery', 'delivery_failed'];

/** The orders given to a shipping partner, for its data export: which order, its status, when it was placed. */
export async function deliveriesForExport(db: Db, partnerId: string) {
  const rows = await db
    .select({
      orderId: orders.id,
      orderName: orders.orderName,
      status: orders.status,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.partnerId, partnerId))
    .orderBy(asc(orders.createdAt));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** Whether a shipping partner still carries an order: its account may not close while a parcel is on the road. */
export async function deliveryInFlightOf(tx: Db, partnerId: string): Promise<boolean> {
  const [carried] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.partnerId, partnerId), inArray(orders.status, CARRIED)))
    .limit(1)
    .for('update');
  return Boolean(carried);
}
