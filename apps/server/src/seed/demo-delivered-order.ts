// A delivered order of the demo customer from the demo merchant's store, the way the demo returns and payouts
// (issue 8) start from one: its paid checkout, the order (two units of one product, ₦2,500 shipping, carried by
// the hub within Lagos), its line and its activity. Like the rest of src/seed it writes tables directly.
import { and, asc, eq } from 'drizzle-orm';
import { findUserByEmail } from '../modules/auth/auth.repository.js';
import { products } from '../modules/catalog/catalog.schema.js';
import { orderActivities, orderItems, orders, orderTrackers } from '../modules/orders/orders.schema.js';
import { stores } from '../modules/stores/stores.schema.js';
import type { Db } from '../platform/db/client.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type OrderRow = typeof orders.$inferSelect;

export interface DemoParties {
  customer: NonNullable<Awaited<ReturnType<typeof findUserByEmail>>>;
  merchant: NonNullable<Awaited<ReturnType<typeof findUserByEmail>>>;
  store: typeof stores.$inferSelect;
  /** The demo store's approved product at `productOffset` by name: each demo order takes its own. */
  product: typeof products.$inferSelect;
}

/** Undefined when the order exists already (seeded once) or the demo accounts, store or product are missing. */
export async function demoPartiesFor(
  db: Db,
  orderName: string,
  productOffset: number,
): Promise<DemoParties | undefined> {
  const [existing] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.orderName, orderName))
    .limit(1);
  if (existing) return undefined;
  const customer = await findUserByEmail(db, 'customer', 'customer@demo.ng');
  const merchant = await findUserByEmail(db, 'merchant', 'merchant@demo.ng');
  if (!customer || !merchant) return undefined;
  const [store] = await db.select().from(stores).where(eq(stores.merchantId, merchant.id)).limit(1);
  if (!store) return undefined;
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.storeId, store.id), eq(products.approvalStatus, 'approved')))
    .orderBy(asc(products.name))
    .offset(productOffset)
    .limit(1);
  return product ? { customer, merchant, store, product } : undefined;
}

export const DEMO_ORDER_QUANTITY = 2;
export const DEMO_SHIPPING_KOBO = 250_000;

/** What the order costs: two units and the hub's Lagos fee. */
/**
 * A demo checkout paid a minute after it was placed (its payment window 30 minutes), as every demo order's
 * checkout is: the values of its `order_trackers` row.
 */
export function paidDemoCheckout(checkout: {
  reference: string;
  customerId: string;
  subtotal: number;
  shipping: number;
  discount?: number;
  address: (typeof orderTrackers.$inferInsert)['deliveryAddress'];
  placed: Date;
  updatedAt?: Date;
  refund?: Pick<typeof orderTrackers.$inferInsert, 'refundStatus' | 'refundedKobo'>;
}): typeof orderTrackers.$inferInsert {
  const { placed, subtotal, shipping, discount = 0 } = checkout;
  return {
    reference: checkout.reference,
    customerId: checkout.customerId,
    status: 'paid',
    itemsSubtotalKobo: subtotal,
    shippingTotalKobo: shipping,
    discountTotalKobo: discount,
    amountDueKobo: subtotal - discount + shipping,
    deliveryAddress: checkout.address,
    expiresAt: new Date(placed.getTime() + 30 * 60 * 1000),
    paidAt: new Date(placed.getTime() + 60 * 1000),
    ...checkout.refund,
    createdAt: placed,
    updatedAt: checkout.updatedAt ?? placed,
  };
}

export function demoOrderAmounts(parties: DemoParties) {
  const subtotal = parties.product.sellingPriceKobo * DEMO_ORDER_QUANTITY;
  return { subtotal, shipping: DEMO_SHIPPING_KOBO, total: subtotal + DEMO_SHIPPING_KOBO };
}

export function demoDeliveryAddress(customer: DemoParties['customer']) {
  return {
    fullName: `${customer.firstName} ${customer.lastName}`,
    phoneNumber: customer.phoneNumber ?? '+2348030000006',
    emailAddress: customer.email,
    state: 'Lagos',
    lga: 'Ikeja',
    address: '14 Allen Avenue, Ikeja',
  };
}

/**
 * The paid checkout, the delivered order (with `order`'s own fields: its status, token, commission…) and its one
 * line. `placed` is when the customer checked out; payment came a minute later.
 */
export async function insertDeliveredDemoOrder(
  tx: Tx,
  parties: DemoParties,
  options: {
    orderName: string;
    reference: string;
    placed: Date;
    deliveredAt: Date;
    order: Partial<typeof orders.$inferInsert> & { status: OrderRow['status'] };
  },
) {
  const { customer, merchant, store, product } = parties;
  const { subtotal, shipping, total } = demoOrderAmounts(parties);
  const address = demoDeliveryAddress(customer);
  const { placed } = options;
  const [tracker] = await tx
    .insert(orderTrackers)
    .values(
      paidDemoCheckout({
        reference: options.reference,
        customerId: customer.id,
        subtotal,
        shipping,
        address,
        placed,
      }),
    )
    .returning();
  const [order] = await tx
    .insert(orders)
    .values({
      trackerId: tracker!.id,
      orderName: options.orderName,
      customerId: customer.id,
      storeId: store.id,
      merchantId: merchant.id,
      storeName: store.storeName,
      subtotalKobo: subtotal,
      shippingFeeKobo: shipping,
      discountKobo: 0,
      totalKobo: total,
      deliveryAddress: address,
      withinLagos: true,
      lagosMerchant: true,
      lagosCustomer: true,
      weightGrams: 1500,
      carrierKind: 'hub',
      carrierName: 'Naija Market hub',
      deliveredAt: options.deliveredAt,
      createdAt: placed,
      updatedAt: options.deliveredAt,
      ...options.order,
    })
    .returning();
  const [item] = await tx
    .insert(orderItems)
    .values({
      orderId: order!.id,
      productId: product.id,
      productName: product.name,
      sku: product.sku,
      unitPriceKobo: product.sellingPriceKobo,
      quantity: DEMO_ORDER_QUANTITY,
      hostedImages: product.hostedImages.slice(0, 1),
    })
    .returning();
  return { order: order!, item: item!, address };
}

/** The order's activity: each step as [status, text, actor type, when]; a customer's steps name the customer. */
export async function insertDemoActivities(
  tx: Tx,
  order: { id: string; customerId: string },
  steps: [status: string, activity: string, actorType: string, at: Date][],
) {
  await tx.insert(orderActivities).values(
    steps.map(([status, activity, actorType, createdAt]) => ({
      orderId: order.id,
      status,
      activity,
      actorType,
      actorId: actorType === 'customer' ? order.customerId : null,
      createdAt,
    })),
  );
}

/** The first two steps of every paid demo order. */
export const placedAndPaidSteps = (placed: Date): [string, string, string, Date][] => [
  ['awaiting_payment', 'Order placed. Waiting for payment.', 'checkout', placed],
  ['pending', 'Payment received. The store has been told about your order.', 'payment', placed],
];

export const deliveredStep = (at: Date): [string, string, string, Date] => [
  'delivered',
  'Your order was delivered. Thank you for shopping with us.',
  'admin',
  at,
];
