// Demo orders at different points of the fulfilment chain, so each demo account has work when it signs in:
// the merchant has orders to accept and mark ready, the admins a queue to assign, the partner and the dispatcher
// orders to carry, and the customer a timeline to follow. Like the rest of src/seed it writes tables directly.
import { createHash, randomInt } from 'node:crypto';
import type { OrderStatusCode } from '@market/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { findUserByEmail } from '../modules/auth/auth.repository.js';
import { products } from '../modules/catalog/catalog.schema.js';
import {
  orderActivities,
  orderAssignments,
  orderHandovers,
  orderItems,
  orders,
  orderTrackers,
} from '../modules/orders/orders.schema.js';
import { stores } from '../modules/stores/stores.schema.js';
import type { Db } from '../platform/db/client.js';
import { paidDemoCheckout } from './demo-delivered-order.js';

const text: Partial<Record<OrderStatusCode, string>> = {
  awaiting_payment: 'Order placed. Waiting for payment.',
  pending: 'Payment received. The store has been told about your order.',
  accepted: 'The store accepted your order and is preparing it.',
  ready_for_pickup: 'Your order is packed and ready for pickup.',
  picked_up: 'Your order was picked up from the store.',
  in_transit: 'Your order is on its way.',
  out_for_delivery: 'Your order is out for delivery. Have your delivery token ready.',
  delivered: 'Your order was delivered. Thank you for shopping with us.',
};
const actorOf: Partial<Record<OrderStatusCode, string>> = {
  awaiting_payment: 'checkout',
  pending: 'payment',
  accepted: 'merchant',
  ready_for_pickup: 'merchant',
  assigned: 'admin',
};

type Carrier = 'partner' | 'dispatcher' | null;
const stages: { name: string; path: OrderStatusCode[]; carrier: Carrier; hoursAgo: number }[] = [
  { name: 'NM-DEMO0001', path: ['awaiting_payment', 'pending'], carrier: null, hoursAgo: 1 },
  { name: 'NM-DEMO0002', path: ['awaiting_payment', 'pending', 'accepted'], carrier: null, hoursAgo: 3 },
  {
    name: 'NM-DEMO0003',
    path: ['awaiting_payment', 'pending', 'accepted', 'ready_for_pickup'],
    carrier: null,
    hoursAgo: 5,
  },
  {
    name: 'NM-DEMO0004',
    path: ['awaiting_payment', 'pending', 'accepted', 'ready_for_pickup', 'assigned'],
    carrier: 'partner',
    hoursAgo: 7,
  },
  {
    name: 'NM-DEMO0005',
    path: [
      'awaiting_payment',
      'pending',
      'accepted',
      'ready_for_pickup',
      'assigned',
      'picked_up',
      'in_transit',
      'out_for_delivery',
    ],
    carrier: 'partner',
    hoursAgo: 9,
  },
  {
    name: 'NM-DEMO0006',
    path: [
      'awaiting_payment',
      'pending',
      'accepted',
      'ready_for_pickup',
      'assigned',
      'picked_up',
      'out_for_delivery',
      'delivered',
    ],
    carrier: 'partner',
    hoursAgo: 6,
  },
  {
    name: 'NM-DEMO0007',
    path: ['awaiting_payment', 'pending', 'accepted', 'ready_for_pickup', 'assigned'],
    carrier: 'dispatcher',
    hoursAgo: 4,
  },
  // Late by the default service-level limits (issue 35), so the admins' service-level dashboard has something to
  // show: paid and never accepted for 2½ days (limit 48 h), packed and not collected for 30 hours (24 h), and out
  // for delivery since yesterday (24 h).
  { name: 'NM-DEMO0011', path: ['awaiting_payment', 'pending'], carrier: null, hoursAgo: 60 },
  {
    name: 'NM-DEMO0012',
    path: ['awaiting_payment', 'pending', 'accepted', 'ready_for_pickup'],
    carrier: null,
    hoursAgo: 31,
  },
  {
    name: 'NM-DEMO0013',
    path: [
      'awaiting_payment',
      'pending',
      'accepted',
      'ready_for_pickup',
      'assigned',
      'picked_up',
      'in_transit',
      'out_for_delivery',
    ],
    carrier: 'partner',
    hoursAgo: 30,
  },
];

/** Steps of a demo order are 20 minutes apart from its placing; the last is when it entered its status. */
const STEP_MS = 20 * 60 * 1000;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type User = NonNullable<Awaited<ReturnType<typeof findUserByEmail>>>;
type Stage = (typeof stages)[number];
type Product = typeof products.$inferSelect;
const HOUR_MS = 60 * 60 * 1000;

/** Who the demo orders are between, where they go, and the seed's clock. */
interface StageContext {
  customer: User;
  merchant: User;
  partner: User;
  dispatcher: User;
  admin: User;
  store: typeof stores.$inferSelect;
  address: typeof orders.$inferInsert.deliveryAddress;
  now: Date;
}

/** The order as its trail needs it: its id, status, carrier and delivery token, and when it was placed. */
interface PlacedStage {
  id: string;
  status: OrderStatusCode;
  carrierName: string | null;
  token: string;
  placed: Date;
  deliveredAt: Date | null;
}

/** Seeds the demo orders once (after the demo accounts and catalog); running it again changes nothing. */
export async function seedDemoOrders(db: Db, logger?: Logger, now = new Date()): Promise<number> {
  const [existing] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.orderName, 'NM-DEMO0001'))
    .limit(1);
  if (existing) return 0;
  const customer = await findUserByEmail(db, 'customer', 'customer@demo.ng');
  const merchant = await findUserByEmail(db, 'merchant', 'merchant@demo.ng');
  const partner = await findUserByEmail(db, 'partner', 'partner@demo.ng');
  const dispatcher = await findUserByEmail(db, 'admin', 'dispatcher@demo.ng');
  const admin = await findUserByEmail(db, 'admin', 'admin@demo.ng');
  if (!customer || !merchant || !partner || !dispatcher || !admin) return 0;
  const [store] = await db.select().from(stores).where(eq(stores.merchantId, merchant.id)).limit(1);
  if (!store) return 0;
  const stock = await db
    .select()
    .from(products)
    .where(and(eq(products.storeId, store.id), eq(products.approvalStatus, 'approved')))
    .orderBy(asc(products.name))
    .limit(stages.length);
  if (stock.length === 0) return 0;

  const address = {
    fullName: `${customer.firstName} ${customer.lastName}`,
    phoneNumber: customer.phoneNumber ?? '+2348030000006',
    emailAddress: customer.email,
    state: 'Lagos',
    lga: 'Ikeja',
    address: '14 Allen Avenue, Ikeja',
  };
  const people: StageContext = { customer, merchant, partner, dispatcher, admin, store, address, now };
  await db.transaction(async (tx) => {
    for (const [index, stage] of stages.entries()) {
      const product = stock[index % stock.length]!;
      const order = await insertStageOrder(tx, people, stage, product);
      await recordStageTrail(tx, people, stage, product, order);
    }
  });
  logger?.info({ orders: stages.length }, 'demo orders seeded');
  return stages.length;
}

/** The paid checkout and the order at its stage, with the carrier, delivery token and status clock it implies. */
async function insertStageOrder(
  tx: Tx,
  people: StageContext,
  stage: Stage,
  product: Product,
): Promise<PlacedStage> {
  const { customer, merchant, partner, dispatcher, store, address, now } = people;
  const placed = new Date(now.getTime() - stage.hoursAgo * HOUR_MS);
  const subtotal = product.sellingPriceKobo;
  const shipping = 250_000;
  const [tracker] = await tx
    .insert(orderTrackers)
    .values(
      paidDemoCheckout({
        // By the order's number: 8, 9 and 10 are the demo returns' and payouts' own checkouts.
        reference: `CHK-DEMO-${Number(stage.name.slice(-4))}`,
        customerId: customer.id,
        subtotal,
        shipping,
        address,
        placed,
      }),
    )
    .returning();
  const status = stage.path.at(-1)!;
  const carrierName =
    stage.carrier === 'partner'
      ? 'Swift Logistics Ltd'
      : stage.carrier === 'dispatcher'
        ? `${dispatcher.firstName} ${dispatcher.lastName}`
        : null;
  const token = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const deliveredAt = status === 'delivered' ? new Date(now.getTime() - 5 * 60 * 1000) : null;
  // The status clock (service levels) agrees with the timeline: it started at the order's last step.
  const statusSince = deliveredAt ?? new Date(placed.getTime() + (stage.path.length - 1) * STEP_MS);
  const [order] = await tx
    .insert(orders)
    .values({
      trackerId: tracker!.id,
      orderName: stage.name,
      customerId: customer.id,
      storeId: store.id,
      merchantId: merchant.id,
      storeName: store.storeName,
      status,
      subtotalKobo: subtotal,
      shippingFeeKobo: shipping,
      discountKobo: 0,
      totalKobo: subtotal + shipping,
      deliveryAddress: address,
      orderDeliveryToken: token,
      withinLagos: true,
      lagosMerchant: true,
      lagosCustomer: true,
      weightGrams: 1500,
      carrierKind: stage.carrier,
      carrierName,
      partnerId: stage.carrier === 'partner' ? partner.id : null,
      dispatcherId: stage.carrier === 'dispatcher' ? dispatcher.id : null,
      dispatcherName:
        stage.carrier === 'dispatcher'
          ? carrierName
          : stage.path.includes('picked_up')
            ? 'Sani Abubakar'
            : null,
      dispatchPhoneNumber: stage.path.includes('picked_up') ? '+2348091234567' : null,
      deliveredAt,
      statusSince,
      createdAt: placed,
      updatedAt: placed,
    })
    .returning();
  return { id: order!.id, status, carrierName, token, placed, deliveredAt };
}

/** The order's item, its timeline up to its stage, the handover to the customer and, when carried, its assignment. */
async function recordStageTrail(
  tx: Tx,
  people: StageContext,
  stage: Stage,
  product: Product,
  order: PlacedStage,
): Promise<void> {
  const { customer, partner, dispatcher, admin } = people;
  const { status, carrierName, token, placed, deliveredAt } = order;
  await tx.insert(orderItems).values({
    orderId: order.id,
    productId: product.id,
    productName: product.name,
    sku: product.sku,
    unitPriceKobo: product.sellingPriceKobo,
    quantity: 1,
    hostedImages: product.hostedImages.slice(0, 1),
  });
  await tx.insert(orderActivities).values(
    stage.path.map((step, position) => ({
      orderId: order.id,
      status: step,
      activity:
        step === 'assigned'
          ? stage.carrier === 'partner'
            ? 'Assigned to Swift Logistics Ltd for delivery.'
            : `Assigned to our dispatcher ${carrierName}.`
          : (text[step] ?? step),
      actorType: actorOf[step] ?? 'partner',
      actorId: null,
      createdAt:
        step === 'delivered' && deliveredAt ? deliveredAt : new Date(placed.getTime() + position * STEP_MS),
    })),
  );
  await tx.insert(orderHandovers).values({
    orderId: order.id,
    fromPartyKind: stage.carrier ?? 'carrier',
    fromPartyId: stage.carrier === 'partner' ? partner.id : stage.carrier ? dispatcher.id : null,
    toPartyKind: 'customer',
    toPartyId: customer.id,
    tokenHash: createHash('sha256').update(token, 'utf8').digest('hex'),
    createdAt: placed,
    completedAt: deliveredAt,
  });
  if (!stage.carrier) return;
  const [assignment] = await tx
    .insert(orderAssignments)
    .values({
      orderId: order.id,
      carrierKind: stage.carrier,
      partnerId: stage.carrier === 'partner' ? partner.id : null,
      dispatcherId: stage.carrier === 'dispatcher' ? dispatcher.id : null,
      assignedBy: admin.id,
      status: status === 'delivered' ? 'done' : status === 'assigned' ? 'assigned' : 'accepted',
      createdAt: placed,
      respondedAt: status === 'assigned' ? null : placed,
    })
    .returning();
  await tx.update(orders).set({ assignmentId: assignment!.id }).where(eq(orders.id, order.id));
}
