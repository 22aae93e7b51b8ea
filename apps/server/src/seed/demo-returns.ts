// Demo returns (issue 8): a second delivered order of the demo customer with a return waiting for the demo
// merchant's decision, and the sandbox payments behind the delivered demo orders, so that a refund of them goes
// through the sandbox provider like any paid checkout. NM-DEMO0006 stays free for the customer to return.
// Like the rest of src/seed it writes tables directly, once.
import { createHash, randomInt } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import { findUserByEmail } from '../modules/auth/auth.repository.js';
import { products } from '../modules/catalog/catalog.schema.js';
import {
  orderActivities,
  orderHandovers,
  orderItems,
  orders,
  orderTrackers,
} from '../modules/orders/orders.schema.js';
import { paymentTransactions } from '../modules/payments/payments.schema.js';
import { orderReturns } from '../modules/returns/returns.schema.js';
import { stores } from '../modules/stores/stores.schema.js';
import type { Db } from '../platform/db/client.js';
import { sandboxCharges } from '../platform/payments/sandbox.schema.js';

const NAME = 'NM-DEMO0008';

export async function seedDemoReturns(db: Db, logger?: Logger, now = new Date()): Promise<number> {
  const [existing] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.orderName, NAME))
    .limit(1);
  if (existing) return 0;
  const customer = await findUserByEmail(db, 'customer', 'customer@demo.ng');
  const merchant = await findUserByEmail(db, 'merchant', 'merchant@demo.ng');
  if (!customer || !merchant) return 0;
  const [store] = await db.select().from(stores).where(eq(stores.merchantId, merchant.id)).limit(1);
  if (!store) return 0;
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.storeId, store.id), eq(products.approvalStatus, 'approved')))
    .orderBy(asc(products.name))
    .offset(1)
    .limit(1);
  if (!product) return 0;
  const day = 24 * 60 * 60 * 1000;
  const placed = new Date(now.getTime() - 3 * day);
  const deliveredAt = new Date(now.getTime() - 2 * day);
  const address = {
    fullName: `${customer.firstName} ${customer.lastName}`,
    phoneNumber: customer.phoneNumber ?? '+2348030000006',
    emailAddress: customer.email,
    state: 'Lagos',
    lga: 'Ikeja',
    address: '14 Allen Avenue, Ikeja',
  };
  const quantity = 2;
  const subtotal = product.sellingPriceKobo * quantity;
  const shipping = 250_000;
  await db.transaction(async (tx) => {
    const [tracker] = await tx
      .insert(orderTrackers)
      .values({
        reference: 'CHK-DEMO-8',
        customerId: customer.id,
        status: 'paid',
        itemsSubtotalKobo: subtotal,
        shippingTotalKobo: shipping,
        discountTotalKobo: 0,
        amountDueKobo: subtotal + shipping,
        deliveryAddress: address,
        expiresAt: new Date(placed.getTime() + 30 * 60 * 1000),
        paidAt: new Date(placed.getTime() + 60 * 1000),
        createdAt: placed,
        updatedAt: placed,
      })
      .returning();
    const token = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const [order] = await tx
      .insert(orders)
      .values({
        trackerId: tracker!.id,
        orderName: NAME,
        customerId: customer.id,
        storeId: store.id,
        merchantId: merchant.id,
        storeName: store.storeName,
        status: 'delivered',
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
        carrierKind: 'hub',
        carrierName: 'Naija Market hub',
        deliveredAt,
        createdAt: placed,
        updatedAt: deliveredAt,
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
        quantity,
        hostedImages: product.hostedImages.slice(0, 1),
      })
      .returning();
    await tx.insert(orderHandovers).values({
      orderId: order!.id,
      fromPartyKind: 'hub',
      toPartyKind: 'customer',
      toPartyId: customer.id,
      tokenHash: createHash('sha256').update(token, 'utf8').digest('hex'),
      createdAt: placed,
      completedAt: deliveredAt,
    });
    const [ret] = await tx
      .insert(orderReturns)
      .values({
        orderId: order!.id,
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
            orderItemId: item!.id,
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
    await tx.update(orders).set({ orderReturnId: ret!.id }).where(eq(orders.id, order!.id));
    const steps: [string, string, string, Date][] = [
      ['awaiting_payment', 'Order placed. Waiting for payment.', 'checkout', placed],
      ['pending', 'Payment received. The store has been told about your order.', 'payment', placed],
      ['delivered', 'Your order was delivered. Thank you for shopping with us.', 'admin', deliveredAt],
      [
        'delivered',
        'You asked to return items. The store will review it.',
        'customer',
        new Date(now.getTime() - day),
      ],
    ];
    await tx.insert(orderActivities).values(
      steps.map(([status, activity, actorType, createdAt]) => ({
        orderId: order!.id,
        status,
        activity,
        actorType,
        actorId: actorType === 'customer' ? customer.id : null,
        createdAt,
      })),
    );

    // The payments behind the delivered demo orders, settled in the sandbox, so their refunds can go through it.
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
  });
  logger?.info({ order: NAME }, 'demo return seeded');
  return 1;
}
