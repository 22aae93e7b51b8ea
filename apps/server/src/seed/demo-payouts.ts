// Demo payouts (issue 8): a completed order of the demo merchant whose return window has passed, with its
// commission, due amount and the ledger's movements (payment, commission, shipping fee, escrow released), so an
// admin can approve the demo store's payout at once. Like the rest of src/seed it writes tables directly, once.
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { findUserByEmail } from '../modules/auth/auth.repository.js';
import { products } from '../modules/catalog/catalog.schema.js';
import { ledgerEntries } from '../modules/ledger/ledger.schema.js';
import { commissionOf } from '../modules/ledger/ledger.service.js';
import { orderActivities, orderItems, orders, orderTrackers } from '../modules/orders/orders.schema.js';
import { paymentCategories, stores } from '../modules/stores/stores.schema.js';
import type { Db } from '../platform/db/client.js';

const NAME = 'NM-DEMO0009';

export async function seedDemoPayouts(db: Db, logger?: Logger, now = new Date()): Promise<number> {
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
  const [category] = await db
    .select()
    .from(paymentCategories)
    .where(eq(paymentCategories.slug, store.paymentCategory));
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.storeId, store.id), eq(products.approvalStatus, 'approved')))
    .orderBy(asc(products.name))
    .offset(2)
    .limit(1);
  if (!product || !category) return 0;
  const day = 24 * 60 * 60 * 1000;
  const placed = new Date(now.getTime() - 12 * day);
  const deliveredAt = new Date(now.getTime() - 10 * day);
  const completedAt = new Date(now.getTime() - 3 * day);
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
  const commission = commissionOf(subtotal, 0, category.commissionBasisPoints);
  const due = subtotal - commission;
  await db.transaction(async (tx) => {
    const [tracker] = await tx
      .insert(orderTrackers)
      .values({
        reference: 'CHK-DEMO-9',
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
    const [order] = await tx
      .insert(orders)
      .values({
        trackerId: tracker!.id,
        orderName: NAME,
        customerId: customer.id,
        storeId: store.id,
        merchantId: merchant.id,
        storeName: store.storeName,
        status: 'completed',
        subtotalKobo: subtotal,
        shippingFeeKobo: shipping,
        discountKobo: 0,
        totalKobo: subtotal + shipping,
        deliveryAddress: address,
        withinLagos: true,
        lagosMerchant: true,
        lagosCustomer: true,
        weightGrams: 1500,
        carrierKind: 'hub',
        carrierName: 'Naija Market hub',
        deliveredAt,
        commissionBasisPoints: category.commissionBasisPoints,
        commissionKobo: commission,
        dueToMerchantKobo: due,
        payableAt: completedAt,
        createdAt: placed,
        updatedAt: completedAt,
      })
      .returning();
    await tx.insert(orderItems).values({
      orderId: order!.id,
      productId: product.id,
      productName: product.name,
      sku: product.sku,
      unitPriceKobo: product.sellingPriceKobo,
      quantity,
      hostedImages: product.hostedImages.slice(0, 1),
    });
    const steps: [string, string, string, Date][] = [
      ['awaiting_payment', 'Order placed. Waiting for payment.', 'checkout', placed],
      ['pending', 'Payment received. The store has been told about your order.', 'payment', placed],
      ['delivered', 'Your order was delivered. Thank you for shopping with us.', 'admin', deliveredAt],
      ['completed', 'The return window has closed; your order is complete.', 'system', completedAt],
    ];
    await tx.insert(orderActivities).values(
      steps.map(([status, activity, actorType, createdAt]) => ({
        orderId: order!.id,
        status,
        activity,
        actorType,
        actorId: null,
        createdAt,
      })),
    );
    // The books, as the ledger module posts them at payment and at completion (each movement sums to zero).
    const movement = (
      kind: 'payment' | 'commission' | 'shipping_fee' | 'escrow_release',
      memo: string,
      at: Date,
      lines: [
        account: (typeof ledgerEntries.$inferInsert)['account'],
        storeId: string | null,
        kobo: number,
      ][],
    ) => {
      const movementId = randomUUID();
      return lines.map(([account, storeId, amountKobo]) => ({
        movementId,
        kind,
        account,
        storeId,
        orderId: order!.id,
        amountKobo,
        memo,
        createdAt: at,
      }));
    };
    const paidKobo = subtotal + shipping;
    await tx.insert(ledgerEntries).values([
      ...movement('payment', `Payment of ${NAME}`, placed, [
        ['payments_clearing', null, paidKobo],
        ['merchant_escrow', store.id, -paidKobo],
      ]),
      ...movement('commission', `Commission on ${NAME}`, placed, [
        ['merchant_escrow', store.id, commission],
        ['platform_commission', null, -commission],
      ]),
      ...movement('shipping_fee', `Shipping fee of ${NAME}`, placed, [
        ['merchant_escrow', store.id, shipping],
        ['shipping_fees', null, -shipping],
      ]),
      ...movement('escrow_release', `${NAME} completed: payable`, completedAt, [
        ['merchant_escrow', store.id, due],
        ['merchant_payable', store.id, -due],
      ]),
    ]);
  });
  logger?.info({ order: NAME }, 'demo payable order seeded');
  return 1;
}
