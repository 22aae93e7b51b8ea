import { randomUUID } from 'node:crypto';
import { users } from '../../src/modules/auth/auth.schema.js';
import { orderItems, orders, orderTrackers } from '../../src/modules/orders/orders.schema.js';
import { type TestApp, uniqueEmail } from './test-app.js';

// Orders as checkout and the status machine leave them, written straight to the tables at chosen moments, so a
// report's figures can be worked out by hand (reports and their admin views). Checkout's own tests drive the flow.

/** A customer account with the given names (no password: reports only read names). */
export async function reportCustomer(test: TestApp, firstName: string, lastName: string): Promise<string> {
  const [row] = await test.deps.db
    .insert(users)
    .values({
      kind: 'customer',
      firstName,
      lastName,
      email: uniqueEmail('buyer'),
      emailConfirmedAt: new Date(),
    })
    .returning({ id: users.id });
  return row!.id;
}

export interface PlacedOrder {
  store: { id: string; storeId: string; storeName: string };
  customerId: string;
  createdAt: string;
  status: string;
  paid: boolean;
  discountKobo?: number;
  shippingKobo?: number;
  state?: string;
  lga?: string;
  items: { productId: string; name: string; unitKobo: number; quantity: number }[];
}

/** One order: a tracker (paid a minute after it was created, or not), the order and its items. */
export async function placeOrder(test: TestApp, order: PlacedOrder) {
  const subtotal = order.items.reduce((sum, item) => sum + item.unitKobo * item.quantity, 0);
  const discount = order.discountKobo ?? 0;
  const shipping = order.shippingKobo ?? 0;
  const createdAt = new Date(order.createdAt);
  const address = {
    fullName: 'Buyer',
    phoneNumber: '+2348031234567',
    emailAddress: null,
    state: order.state ?? 'Lagos',
    lga: order.lga ?? 'Ikeja',
    address: '1 Allen Avenue',
  };
  const [tracker] = await test.deps.db
    .insert(orderTrackers)
    .values({
      reference: `CHK-${randomUUID()}`,
      customerId: order.customerId,
      status: order.paid ? 'paid' : order.status === 'cancelled' ? 'expired' : 'awaiting_payment',
      itemsSubtotalKobo: subtotal,
      shippingTotalKobo: shipping,
      discountTotalKobo: discount,
      amountDueKobo: subtotal - discount + shipping,
      deliveryAddress: address,
      expiresAt: new Date(createdAt.getTime() + 30 * 60_000),
      paidAt: order.paid ? new Date(createdAt.getTime() + 60_000) : null,
      refundStatus: order.paid && order.status === 'cancelled' ? 'refunded' : 'none',
      createdAt,
    })
    .returning({ id: orderTrackers.id });
  const [row] = await test.deps.db
    .insert(orders)
    .values({
      trackerId: tracker!.id,
      orderName: `NM-${randomUUID().slice(0, 8)}`,
      customerId: order.customerId,
      storeId: order.store.storeId,
      merchantId: order.store.id,
      storeName: order.store.storeName,
      status: order.status,
      subtotalKobo: subtotal,
      shippingFeeKobo: shipping,
      discountKobo: discount,
      totalKobo: subtotal - discount + shipping,
      deliveryAddress: address,
      createdAt,
    })
    .returning({ id: orders.id });
  await test.deps.db.insert(orderItems).values(
    order.items.map((item) => ({
      orderId: row!.id,
      productId: item.productId,
      productName: item.name,
      sku: `SKU-${item.name.slice(0, 3)}`,
      unitPriceKobo: item.unitKobo,
      quantity: item.quantity,
    })),
  );
  return row!.id;
}
