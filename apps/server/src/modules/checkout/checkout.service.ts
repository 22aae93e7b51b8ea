import { randomBytes, randomInt } from 'node:crypto';
import { formatNaira, koboToNaira, type Tracker, type Transaction } from '@market/contracts';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import type { Verification } from '../../platform/payments/provider.js';
import { findUserById } from '../auth/auth.repository.js';
import type { CartService, CheckoutPricing } from '../cart/cart.service.js';
import { recordSales, reserveStock, returnStock } from '../catalog/stock.js';
import {
  orderActivities,
  orderItems,
  orders,
  orderTrackers,
  stockReservations,
} from '../orders/orders.schema.js';
import { customerOrdersOf } from '../orders/orders.service.js';
import type { CheckoutPorts } from './checkout.ports.js';

export const CHECKOUT_PREFIX = 'CHK';
/** Unpaid checkouts hold stock this long, then give it back (orders.md). */
export const PAYMENT_WINDOW_MINUTES = 30;
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

type TrackerRow = typeof orderTrackers.$inferSelect;

function orderName(): string {
  const bytes = randomBytes(8);
  return `NM-${[...bytes].map((byte) => CROCKFORD[byte % 32]).join('')}`;
}

/** A short number the customer reads to the dispatcher at the door. */
function deliveryToken(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function createCheckoutService(deps: Deps, cart: CartService, ports: CheckoutPorts) {
  const { db } = deps;

  async function lockTracker(executor: Db, where: ReturnType<typeof eq>) {
    const [row] = await executor.select().from(orderTrackers).where(where).for('update');
    return row;
  }

  async function trackerView(executor: Db, row: TrackerRow): Promise<Tracker> {
    const rows = await executor
      .select()
      .from(orders)
      .where(eq(orders.trackerId, row.id))
      .orderBy(asc(orders.storeName));
    return {
      id: row.id,
      reference: row.reference,
      status: row.status,
      subtotal: koboToNaira(row.itemsSubtotalKobo),
      shippingFeeTotal: koboToNaira(row.shippingTotalKobo),
      discount: koboToNaira(row.discountTotalKobo),
      giftCardTotal: koboToNaira(row.giftCardKobo),
      amountDue: koboToNaira(row.amountDueKobo),
      expiresAt: row.expiresAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
      orders: await customerOrdersOf(executor, rows),
    };
  }

  async function addActivity(executor: Db, orderIds: string[], status: string, activity: string) {
    if (orderIds.length === 0) return;
    await executor
      .insert(orderActivities)
      .values(orderIds.map((orderId) => ({ orderId, status, activity, actorType: 'system' })));
  }

  /** Closes an unpaid checkout: stock and gift-card money go back, its orders are cancelled. */
  async function closeUnpaid(
    executor: Db,
    tracker: TrackerRow,
    status: 'failed' | 'expired',
    reason: string,
  ) {
    const at = deps.now();
    await executor
      .update(orderTrackers)
      .set({ status, closedReason: reason, updatedAt: at })
      .where(eq(orderTrackers.id, tracker.id));
    const reservations = await executor
      .select()
      .from(stockReservations)
      .where(and(eq(stockReservations.trackerId, tracker.id), isNull(stockReservations.releasedAt)));
    await returnStock(executor, reservations);
    await executor
      .update(stockReservations)
      .set({ releasedAt: at })
      .where(and(eq(stockReservations.trackerId, tracker.id), isNull(stockReservations.releasedAt)));
    await ports.releaseGiftCards(executor, tracker.id);
    const cancelled = await executor
      .update(orders)
      .set({ status: 'cancelled', updatedAt: at })
      .where(eq(orders.trackerId, tracker.id))
      .returning({ id: orders.id });
    await addActivity(
      executor,
      cancelled.map((order) => order.id),
      'cancelled',
      reason,
    );
  }

  /** Payment confirmed (or gift cards covered everything): orders become pending and the customer hears of it. */
  async function markPaid(executor: Db, tracker: TrackerRow) {
    const at = deps.now();
    await executor
      .update(orderTrackers)
      .set({ status: 'paid', paidAt: at, updatedAt: at })
      .where(eq(orderTrackers.id, tracker.id));
    const paidOrders = await executor.select().from(orders).where(eq(orders.trackerId, tracker.id));
    for (const order of paidOrders) {
      await executor
        .update(orders)
        .set({ status: 'pending', orderDeliveryToken: deliveryToken(), updatedAt: at })
        .where(eq(orders.id, order.id));
    }
    await addActivity(
      executor,
      paidOrders.map((order) => order.id),
      'pending',
      'Payment received. The store has been told about your order.',
    );
    await executor
      .update(stockReservations)
      .set({ releasedAt: at })
      .where(and(eq(stockReservations.trackerId, tracker.id), isNull(stockReservations.releasedAt)));
    await ports.confirmGiftCards(executor, tracker.id);
    const items = await executor
      .select({ item: orderItems, storeId: orders.storeId, couponCode: orders.couponCode })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orders.trackerId, tracker.id));
    await recordSales(
      executor,
      items.map(({ item, storeId }) => ({
        productId: item.productId,
        variantId: item.variantId,
        quantity: item.quantity,
        storeId,
      })),
    );
    // Coupon usage counts when the order is paid (section 4 of the issue); the discount was priced at checkout.
    const applied = paidOrders
      .filter((order) => order.discountKobo > 0 && order.couponId)
      .map((order) => ({
        couponId: order.couponId!,
        code: order.couponCode,
        storeId: order.storeId,
        discountKobo: order.discountKobo,
        rewardProductIds: order.rewardProductIds,
      }));
    if (applied.length)
      await ports.recordRedemptions(executor, {
        trackerId: tracker.id,
        customerId: tracker.customerId,
        applied,
      });
    await cart.removeBought(
      executor,
      tracker.customerId,
      items.map(({ item }) => ({ productId: item.productId, variantId: item.variantId })),
    );
    const customer = await findUserById(executor, tracker.customerId);
    if (customer) {
      const lines = paidOrders.map(
        (order) => `${order.orderName} from ${order.storeName}: ${formatNaira(order.totalKobo)}`,
      );
      await deps.mailer.send(executor, {
        to: customer.email,
        subject: `Your Naija Market order is confirmed (${tracker.reference})`,
        paragraphs: [
          `Hello ${customer.firstName},`,
          `Thank you. We received ${formatNaira(tracker.amountDueKobo + tracker.giftCardKobo)} for ${paidOrders.length} order${paidOrders.length === 1 ? '' : 's'}:`,
          ...lines,
          'Each store prepares its own order. Keep your delivery token for each order: the dispatcher asks for it at the door.',
        ],
        action: { label: 'See your orders', url: `${deps.config.publicUrl}/account/orders` },
      });
    }
  }

  deps.payments.registerPurpose({
    prefix: CHECKOUT_PREFIX,
    async expectedAmountKobo(executor, reference) {
      const [row] = await executor
        .select({ amount: orderTrackers.amountDueKobo })
        .from(orderTrackers)
        .where(eq(orderTrackers.reference, reference))
        .limit(1);
      return row?.amount;
    },
    async onPaid(executor, reference, _verification: Verification) {
      const tracker = await lockTracker(executor, eq(orderTrackers.reference, reference));
      if (!tracker || tracker.status === 'paid') return;
      if (tracker.status !== 'awaiting_payment') {
        // The money came after the checkout closed and its stock went back: it is refunded by the sweeper.
        await executor
          .update(orderTrackers)
          .set({
            closedReason: `${tracker.closedReason ?? tracker.status}; payment arrived late, refund due`,
          })
          .where(eq(orderTrackers.id, tracker.id));
        deps.logger.warn({ reference }, 'payment for a closed checkout; it will be refunded');
        return;
      }
      await markPaid(executor, tracker);
    },
    async onFailed(executor, reference) {
      const tracker = await lockTracker(executor, eq(orderTrackers.reference, reference));
      if (tracker?.status === 'awaiting_payment')
        await closeUnpaid(executor, tracker, 'failed', 'The payment did not go through.');
    },
  });

  async function startPayment(tracker: TrackerRow, email: string) {
    if (tracker.status === 'paid') return { authorizationUrl: null };
    if (tracker.status !== 'awaiting_payment')
      throw conflict('This checkout has closed. Please check out again.');
    // A provider refuses a reference twice: resuming sends the customer back to the page it gave the first time.
    if (tracker.authorizationUrl) return { authorizationUrl: tracker.authorizationUrl };
    const started = await deps.payments.start(db, {
      reference: tracker.reference,
      amountKobo: tracker.amountDueKobo,
      email,
      callbackPath: '/checkout/complete',
      customerId: tracker.customerId,
      metadata: { trackerId: tracker.id },
    });
    await db
      .update(orderTrackers)
      .set({ authorizationUrl: started.authorizationUrl })
      .where(eq(orderTrackers.id, tracker.id));
    return { authorizationUrl: started.authorizationUrl };
  }

  function paymentAnswer(tracker: TrackerRow, authorizationUrl: string | null) {
    return {
      trackerId: tracker.id,
      reference: tracker.reference,
      authorizationUrl,
      amountDue: koboToNaira(tracker.amountDueKobo),
    };
  }

  async function customerTracker(customerId: string, where: ReturnType<typeof eq>) {
    const [row] = await db
      .select()
      .from(orderTrackers)
      .where(and(where, eq(orderTrackers.customerId, customerId)))
      .limit(1);
    if (!row) throw notFound('Checkout not found');
    return row;
  }

  return {
    async simulate(customerId: string, addressId?: string) {
      return cart.toCartState(await cart.price(db, customerId, { addressId }));
    },

    /**
     * One transaction: price the cart, take the stock, hold gift-card money, write the tracker and one order per
     * store. The provider is called after it commits, so no lock is held while the network answers.
     */
    async create(customerId: string, body: { addressId?: string; orderNote?: string }) {
      const customer = await findUserById(db, customerId);
      if (!customer) throw notFound('Customer not found');
      const tracker = await db.transaction(async (tx) => {
        const pricing: CheckoutPricing = await cart.price(tx, customerId, { addressId: body.addressId });
        if (pricing.problems.length > 0) {
          throw new AppError('CONFLICT', `Failed to create order: ${pricing.problems.join('; ')}`);
        }
        const address = pricing.address!;
        const stockLines = pricing.stores.flatMap((store) =>
          store.lines.map((line) => ({
            productId: line.product.id,
            variantId: line.variant?.id ?? null,
            quantity: line.quantity,
          })),
        );
        await reserveStock(tx, stockLines);
        const at = deps.now();
        const deliveryAddress = {
          fullName: address.fullName,
          phoneNumber: address.phoneNumber,
          emailAddress: address.emailAddress,
          state: address.stateOrRegion,
          lga: address.lga,
          address: address.address,
        };
        const totalBeforeCards = pricing.itemsSubtotalKobo - pricing.discountKobo + pricing.shippingKobo;
        const [created] = await tx
          .insert(orderTrackers)
          .values({
            reference: deps.payments.newReference(CHECKOUT_PREFIX),
            customerId,
            itemsSubtotalKobo: pricing.itemsSubtotalKobo,
            shippingTotalKobo: pricing.shippingKobo,
            discountTotalKobo: pricing.discountKobo,
            giftCardKobo: 0,
            amountDueKobo: totalBeforeCards,
            deliveryAddress,
            appliedCouponCodes: pricing.stores.flatMap((store) =>
              store.coupon?.code ? [store.coupon.code] : [],
            ),
            expiresAt: new Date(at.getTime() + PAYMENT_WINDOW_MINUTES * 60_000),
          })
          .returning();
        let trackerRow = created!;
        await tx
          .insert(stockReservations)
          .values(stockLines.map((line) => ({ ...line, trackerId: trackerRow.id })));
        for (const store of pricing.stores) {
          const [order] = await tx
            .insert(orders)
            .values({
              trackerId: trackerRow.id,
              orderName: orderName(),
              customerId,
              storeId: store.storeId,
              merchantId: store.merchantId,
              storeName: store.storeName,
              subtotalKobo: store.subtotalKobo,
              shippingFeeKobo: store.shippingKobo,
              discountKobo: store.discountKobo,
              totalKobo: store.subtotalKobo - store.discountKobo + store.shippingKobo,
              deliveryAddress,
              orderNote: body.orderNote ?? null,
              withinLagos: store.quote.withinLagos,
              lagosMerchant: store.quote.lagosMerchant,
              lagosCustomer: store.quote.lagosCustomer,
              couponId: store.coupon?.couponId ?? null,
              couponCode: store.coupon?.code ?? null,
              rewardProductIds: store.coupon?.rewardProductIds ?? [],
            })
            .returning();
          await tx.insert(orderItems).values(
            store.lines.map((line) => ({
              orderId: order!.id,
              productId: line.product.id,
              variantId: line.variant?.id ?? null,
              productName: line.product.name,
              sku: line.variant?.sku ?? line.product.sku,
              unitPriceKobo: line.unitPriceKobo,
              quantity: line.quantity,
              hostedImages: line.product.hostedImages.slice(0, 1),
              productVariant: line.variant ? { size: line.variant.size, color: line.variant.color } : null,
            })),
          );
          await addActivity(tx, [order!.id], 'awaiting_payment', 'Order placed. Waiting for payment.');
        }
        if (pricing.giftCards.length > 0 && totalBeforeCards > 0) {
          // Holding is atomic per card: two checkouts spending one card at once never take more than its balance.
          const { heldKobo } = await ports.holdGiftCards(tx, {
            trackerId: trackerRow.id,
            customerId,
            cardIds: pricing.giftCards.map((card) => card.id),
            amountKobo: totalBeforeCards,
          });
          const [withCards] = await tx
            .update(orderTrackers)
            .set({ giftCardKobo: heldKobo, amountDueKobo: totalBeforeCards - heldKobo })
            .where(eq(orderTrackers.id, trackerRow.id))
            .returning();
          trackerRow = withCards!;
        }
        if (trackerRow.amountDueKobo === 0) await markPaid(tx, trackerRow);
        const [final] = await tx.select().from(orderTrackers).where(eq(orderTrackers.id, trackerRow.id));
        return final!;
      });
      const { authorizationUrl } =
        tracker.status === 'paid' ? { authorizationUrl: null } : await startPayment(tracker, customer.email);
      return { tracker: await trackerView(db, tracker), payment: paymentAnswer(tracker, authorizationUrl) };
    },

    async pay(customerId: string, trackerId: string) {
      const tracker = await customerTracker(customerId, eq(orderTrackers.id, trackerId));
      const customer = await findUserById(db, customerId);
      const { authorizationUrl } = await startPayment(tracker, customer!.email);
      return paymentAnswer(tracker, authorizationUrl);
    },

    /** The customer's return: the server asks the provider itself; the browser's word is never enough. */
    async recordTransaction(customerId: string, reference: string) {
      await customerTracker(customerId, eq(orderTrackers.reference, reference));
      await deps.payments.settleFor(customerId, reference);
      const tracker = await customerTracker(customerId, eq(orderTrackers.reference, reference));
      const view = await trackerView(db, tracker);
      const payment = await deps.payments.find(db, reference);
      const customer = await findUserById(db, customerId);
      const transaction: Transaction | null = payment
        ? {
            id: payment.id,
            orderTrackerId: tracker.id,
            transactionId: payment.providerTransactionId,
            amount: koboToNaira(payment.amountKobo),
            reference,
            fees: payment.feesKobo === null ? null : koboToNaira(payment.feesKobo),
            date: payment.paidAt?.toISOString() ?? null,
            customerName: customer ? `${customer.firstName} ${customer.lastName}` : '',
            customerEmail: payment.customerEmail,
            cardType: payment.cardType,
            cardNumber: payment.cardLast4 ? `**** **** **** ${payment.cardLast4}` : null,
            bank: payment.bank,
            country: payment.country,
            ipAddress: payment.ipAddress,
            paymentChannel: payment.channel,
            status: payment.status,
            orderName: view.orders.map((order) => order.orderName).join(', '),
            orderItems: view.orders.flatMap((order) => order.orderItems),
          }
        : null;
      return { transaction, tracker: view };
    },

    async tracker(customerId: string, reference: string) {
      return trackerView(db, await customerTracker(customerId, eq(orderTrackers.reference, reference)));
    },

    /**
     * Closes checkouts whose 30 minutes passed without payment and refunds money that arrived after a checkout
     * closed. Safe to run from several processes: each tracker is claimed with `skip locked`.
     */
    async sweep(): Promise<{ expired: number; refunded: number }> {
      const now = deps.now();
      let expired = 0;
      for (;;) {
        const closedOne = await db.transaction(async (tx) => {
          const [stale] = await tx
            .select()
            .from(orderTrackers)
            .where(and(eq(orderTrackers.status, 'awaiting_payment'), lte(orderTrackers.expiresAt, now)))
            .limit(1)
            .for('update', { skipLocked: true });
          if (!stale) return false;
          await closeUnpaid(
            tx,
            stale,
            'expired',
            `Payment was not received within ${PAYMENT_WINDOW_MINUTES} minutes.`,
          );
          return true;
        });
        if (!closedOne) break;
        expired += 1;
      }
      const late = await db
        .select()
        .from(orderTrackers)
        .where(
          and(
            inArray(orderTrackers.status, ['expired', 'failed']),
            isNull(orderTrackers.refundedAt),
            sql`${orderTrackers.closedReason} like '%refund due'`,
          ),
        )
        .limit(50);
      let refunded = 0;
      for (const tracker of late) {
        try {
          await deps.payments.refund(tracker.reference);
          await db
            .update(orderTrackers)
            .set({ refundedAt: deps.now() })
            .where(eq(orderTrackers.id, tracker.id));
          refunded += 1;
        } catch (error) {
          deps.logger.error({ err: error, reference: tracker.reference }, 'refund of a late payment failed');
        }
      }
      return { expired, refunded };
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
