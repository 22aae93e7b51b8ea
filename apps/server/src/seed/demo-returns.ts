// Demo returns (issue 8): a second delivered order of the demo customer with a return waiting for the demo
// merchant's decision, and the sandbox payments behind the delivered demo orders, so that a refund of them goes
// through the sandbox provider like any paid checkout. NM-DEMO0006 stays free for the customer to return.
// Like the rest of src/seed it writes tables directly, once.
import { createHash, randomInt } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import { orderHandovers, orders, orderTrackers } from '../modules/orders/orders.schema.js';
import { paymentTransactions } from '../modules/payments/payments.schema.js';
import { orderReturns } from '../modules/returns/returns.schema.js';
import type { Db } from '../platform/db/client.js';
import { sandboxCharges } from '../platform/payments/sandbox.schema.js';
import {
  deliveredStep,
  demoPartiesFor,
  insertDeliveredDemoOrder,
  insertDemoActivities,
  placedAndPaidSteps,
} from './demo-delivered-order.js';

const NAME = 'NM-DEMO0008';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Parties = NonNullable<Awaited<ReturnType<typeof demoPartiesFor>>>;
type Delivered = Awaited<ReturnType<typeof insertDeliveredDemoOrder>>;

/** Seeds the demo return once (after the demo orders); running it again changes nothing. */
export async function seedDemoReturns(db: Db, logger?: Logger, now = new Date()): Promise<number> {
  const parties = await demoPartiesFor(db, NAME, 1);
  if (!parties) return 0;
  const { customer } = parties;
  const day = 24 * 60 * 60 * 1000;
  const placed = new Date(now.getTime() - 3 * day);
  const deliveredAt = new Date(now.getTime() - 2 * day);
  await db.transaction(async (tx) => {
    const token = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const { order, item, address } = await insertDeliveredDemoOrder(tx, parties, {
      orderName: NAME,
      reference: 'CHK-DEMO-8',
      placed,
      deliveredAt,
      order: { status: 'delivered', orderDeliveryToken: token },
    });
    await tx.insert(orderHandovers).values({
      orderId: order.id,
      fromPartyKind: 'hub',
      toPartyKind: 'customer',
      toPartyId: customer.id,
      tokenHash: createHash('sha256').update(token, 'utf8').digest('hex'),
      createdAt: placed,
      completedAt: deliveredAt,
    });
    await seedPendingReturn(tx, parties, { order, item, address }, placed, deliveredAt, now);
    await settleDeliveredInSandbox(tx, customer);
  });
  logger?.info({ order: NAME }, 'demo return seeded');
  return 1;
}

/** The customer's return of one of the two items, waiting for the store, and the order's timeline up to it. */
async function seedPendingReturn(
  tx: Tx,
  parties: Parties,
  delivered: Pick<Delivered, 'order' | 'item' | 'address'>,
  placed: Date,
  deliveredAt: Date,
  now: Date,
): Promise<void> {
  const { customer, merchant, store, product } = parties;
  const { order, item, address } = delivered;
  const day = 24 * 60 * 60 * 1000;
  const [ret] = await tx
    .insert(orderReturns)
    .values({
      orderId: order.id,
      orderName: NAME,
      customerId: customer.id,
      customerName: address.fullName,
      storeId: store.id,
      storeName: store.storeName,
      merchantId: merchant.id,
      type: 'return',
      reason: 'One of the two arrived with a cracked case.',
      lines: [
        {
          orderItemId: item.id,
          productId: product.id,
          variantId: null,
          productName: product.name,
          sku: product.sku,
          quantity: 1,
          unitPriceKobo: product.sellingPriceKobo,
          hostedImages: product.hostedImages.slice(0, 1),
        },
      ],
      createdAt: new Date(now.getTime() - day),
      updatedAt: new Date(now.getTime() - day),
    })
    .returning();
  await tx.update(orders).set({ orderReturnId: ret!.id }).where(eq(orders.id, order.id));
  await insertDemoActivities(tx, order, [
    ...placedAndPaidSteps(placed),
    deliveredStep(deliveredAt),
    [
      'delivered',
      'You asked to return items. The store will review it.',
      'customer',
      new Date(now.getTime() - day),
    ],
  ]);
}

/** The payments behind the delivered demo orders, settled in the sandbox, so their refunds can go through it. */
async function settleDeliveredInSandbox(tx: Tx, customer: Parties['customer']): Promise<void> {
  const paid = await tx
    .select()
    .from(orderTrackers)
    .where(inArray(orderTrackers.reference, ['CHK-DEMO-6', 'CHK-DEMO-8']));
  for (const row of paid) {
    await tx
      .insert(paymentTransactions)
      .values({
        reference: row.reference,
        purpose: 'CHK',
        provider: 'sandbox',
        customerId: customer.id,
        amountKobo: row.amountDueKobo,
        status: 'success',
        customerEmail: customer.email,
        channel: 'card',
        paidAt: row.paidAt,
      })
      .onConflictDoNothing();
    await tx
      .insert(sandboxCharges)
      .values({
        reference: row.reference,
        transactionId: String(randomInt(1_000_000_000, 9_999_999_999)),
        amountKobo: row.amountDueKobo,
        email: customer.email,
        callbackUrl: 'http://localhost/checkout/complete',
        status: 'success',
        channel: 'card',
        paidAt: row.paidAt,
      })
      .onConflictDoNothing();
  }
}
