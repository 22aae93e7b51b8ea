import { formatNaira, koboToNaira, type Transaction } from '@market/contracts';
import type { Db } from '../../platform/db/client.js';
import { readTogether, type StatementPart } from '../../platform/db/prepared.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, conflict, notFound, validation } from '../../platform/errors.js';
import type { SignedInAccount } from '../../platform/http/routes.js';
import { trackingUrlMaker } from '../../platform/security/tracking-links.js';
import { type CheckoutPricing, UNLIMITED } from '../cart/index.js';
import type { ActivityRow, ItemRow, OrderActor, OrderRow, TrackerRow } from '../orders/index.js';
import type { PaymentsService } from '../payments/index.js';
import type { CheckoutPorts } from './checkout.ports.js';
import {
  confirmationSubject,
  EXPIRED_CHECKOUTS_BEFORE_PAUSE,
  HOLD_PAUSE_HOURS,
  heldShare,
  lagosTime,
  lineName,
  overHoldLimit,
} from './checkout.rules.js';
import { LATE_REFUND_ASK_AFTER_MS, refundLatePayment, settleLateRefundFromWebhook } from './late-refunds.js';

export const CHECKOUT_PREFIX = 'CHK';
/** Unpaid checkouts hold stock this long, then give it back (orders.md). */
export const PAYMENT_WINDOW_MINUTES = 30;
export { paidNotices } from './checkout.notices.js';
export {
  EXPIRED_CHECKOUTS_BEFORE_PAUSE,
  HOLD_PAUSE_HOURS,
  heldShare,
  holdLimit,
  MAX_HELD_UNITS,
  MAX_HELD_UNITS_PER_ITEM,
} from './checkout.rules.js';
/** A checkout just written: its tracker, and its orders, items and activities (not read back, ADR 033/036). */
export interface OpenedCheckout {
  tracker: TrackerRow;
  written?: { orders: OrderRow[]; items: ItemRow[]; activities: ActivityRow[] };
}

/** Checkout starts and settles payments through the payments module's service. */
export type CheckoutDeps = Deps & { payments: PaymentsService };

/** The checkout flow: prices the cart, takes stock and gift-card money, and has the orders module write the orders. */
export function createCheckoutService(deps: CheckoutDeps, ports: CheckoutPorts) {
  const { db } = deps;
  const { cart, orders } = ports;
  const trackUrlOf = trackingUrlMaker(deps.config);

  /**
   * While other unpaid checkouts hold `heldShare` of a product's stock or more, this checkout may hold one unit of
   * it. Called with the products' rows locked by the reservation just taken, so concurrent checkouts
   * of one product, on any process, are counted one after another.
   */
  async function ensureWithinHeldShare(tx: Db, pricing: CheckoutPricing, left: Map<string, number>) {
    const wanted = new Map<string, { units: number; name: string }>();
    for (const line of pricing.stores.flatMap((store) => store.lines)) {
      // Sold on when out of stock: holding it keeps nobody else from buying.
      if (line.availableQuantity >= UNLIMITED) continue;
      const entry = wanted.get(line.product.id) ?? { units: 0, name: lineName(line) };
      entry.units += line.quantity;
      wanted.set(line.product.id, entry);
    }
    const several = [...wanted].filter(([, entry]) => entry.units > 1);
    if (several.length === 0) return;
    const held = await orders.heldUnits(
      tx,
      several.map(([productId]) => productId),
    );
    for (const [productId, entry] of several) {
      const units = held.get(productId) ?? 0;
      const heldByOthers = units - entry.units;
      if (heldByOthers >= heldShare((left.get(productId) ?? 0) + units))
        throw new AppError(
          'CONFLICT',
          `Failed to create order: Many of ${entry.name} are waiting for other shoppers' payment, so one checkout may hold only 1 of it now; buy 1, or try again in a few minutes`,
        );
    }
  }

  /** Closes an unpaid checkout: stock and gift-card money go back, its orders are cancelled. */
  async function closeUnpaid(
    executor: Db,
    tracker: TrackerRow,
    status: 'failed' | 'expired' | 'replaced',
    reason: string,
    actor: OrderActor,
  ) {
    const released = await orders.closeUnpaid(executor, tracker, status, reason, actor);
    await ports.returnStock(executor, released);
    await ports.releaseGiftCards(executor, tracker.id);
    await ports.releaseRedemptions(executor, tracker.id);
  }

  /** The coupon uses of a checkout's orders, one per discounted store order. */
  async function couponUses(
    executor: Db,
    tracker: TrackerRow,
    known?: { discountKobo: number; couponId: string | null; couponCode: string | null; storeId: string }[],
  ) {
    return (known ?? (await orders.ordersOf(executor, tracker.id)))
      .filter((order) => order.discountKobo > 0 && order.couponId)
      .map((order) => ({
        couponId: order.couponId!,
        code: order.couponCode,
        storeId: order.storeId,
        discountKobo: order.discountKobo,
      }));
  }

  /**
   * The tracker `expectedAmountKobo` locked while the payment's amount was checked, for `lockForPayment` in the same
   * transaction (ADR 033: one locked read instead of a read and a locked read). Keyed by the transaction, so it
   * never outlives it.
   */
  const lockedForPayment = new WeakMap<Db, TrackerRow>();

  /**
   * What a checkout's payment must amount to. In the payment's transaction (under its row lock) the tracker is
   * locked now (payment row, then tracker: the order settling always used) and kept for `lockForPayment`.
   */
  async function expectedAmountKobo(executor: Db, reference: string) {
    if (executor === db) return (await orders.findTracker(executor, { reference }))?.amountDueKobo;
    const tracker = await orders.lockTrackerForPayment(executor, reference);
    if (tracker) lockedForPayment.set(executor, tracker);
    return tracker?.amountDueKobo;
  }

  /** The checkout a settled payment pays, locked: the one `expectedAmountKobo` kept, else locked now. */
  async function lockForPayment(executor: Db, reference: string) {
    const kept = lockedForPayment.get(executor);
    lockedForPayment.delete(executor);
    return kept?.reference === reference ? kept : orders.lockTracker(executor, { reference });
  }

  /** The customer's confirmation mail of a paid checkout, as one part of the payment's combined write (ADR 055). */
  function confirmationMail(
    tracker: TrackerRow,
    paidOrders: OrderRow[],
    customer: { email: string; firstName: string },
  ): StatementPart {
    return deps.mailer.outboxPart({
      to: customer.email,
      subject: confirmationSubject(paidOrders.map((order) => order.orderName)),
      paragraphs: [
        `Hello ${customer.firstName},`,
        tracker.amountDueKobo + tracker.giftCardKobo > 0
          ? `Thank you. We received ${formatNaira(tracker.amountDueKobo + tracker.giftCardKobo)}. Your order${paidOrders.length === 1 ? ' is' : 's are'} confirmed:`
          : `Thank you. Your order${paidOrders.length === 1 ? ' is' : 's are'} confirmed:`,
        // Each order with its signed tracking link (issue 36): followed without signing in.
        ...paidOrders.map(
          (order) =>
            `${
              order.paymentMethod === 'on_delivery'
                ? `${order.orderName} from ${order.storeName}: pay ${formatNaira(order.totalKobo + order.podFeeKobo)} at the door (cash, POS or transfer)`
                : `${order.orderName} from ${order.storeName}: ${formatNaira(order.totalKobo)}`
            }. Track it: ${trackUrlOf(order.id, deps.now())}`,
        ),
        'Each store prepares its own order. Keep your delivery token for each order: the dispatcher asks for it at the door.',
      ],
      action: { label: 'See your orders', url: `${deps.config.publicUrl}/account/orders` },
    });
  }

  /** What the payments module records and the provider is asked for, for a checkout's amount due. */
  function paymentOf(tracker: TrackerRow, email: string) {
    return {
      reference: tracker.reference,
      amountKobo: tracker.amountDueKobo,
      email,
      callbackPath: '/checkout/complete',
      customerId: tracker.customerId,
      metadata: { trackerId: tracker.id },
    };
  }

  /**
   * The provider's page for an unpaid checkout. `recorded`: its payment row was written with the checkout (ADR
   * 055); otherwise (a checkout from before that, or whose provider call failed) it is written now if missing.
   */
  async function startPayment(tracker: TrackerRow, email: string, recorded = false) {
    if (tracker.status === 'paid') return { authorizationUrl: null };
    if (tracker.status !== 'awaiting_payment')
      throw conflict('This checkout has closed. Please check out again.');
    // A provider refuses a reference twice: resuming sends the customer back to the page it gave the first time.
    if (tracker.authorizationUrl) return { authorizationUrl: tracker.authorizationUrl };
    const payment = paymentOf(tracker, email);
    const started =
      recorded || (await deps.payments.find(db, tracker.reference))
        ? await deps.payments.open(db, payment)
        : await deps.payments.start(db, payment);
    await orders.setAuthorizationUrl(db, tracker.id, started.authorizationUrl);
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

  /** The checkout's orders, one per store, in the orders module's words; `podFees`: paid at the door (ADR 074). */
  function ordersOf(pricing: CheckoutPricing, podFees: Map<string, number>) {
    return pricing.stores.map((store) => ({
      ...(podFees.has(store.storeId) ? { payOnDelivery: { feeKobo: podFees.get(store.storeId)! } } : {}),
      storeId: store.storeId,
      storeName: store.storeName,
      merchantId: store.merchantId,
      subtotalKobo: store.subtotalKobo,
      shippingKobo: store.shippingKobo,
      discountKobo: store.discountKobo,
      withinLagos: store.quote.withinLagos,
      lagosMerchant: store.quote.lagosMerchant,
      lagosCustomer: store.quote.lagosCustomer,
      weightGrams: Math.round(store.quote.chargeableWeightKg * 1000),
      coupon: store.coupon,
      items: store.lines.map((line) => ({
        productId: line.product.id,
        variantId: line.variant?.id ?? null,
        productName: line.product.name,
        sku: line.variant?.sku ?? line.product.sku,
        unitPriceKobo: line.unitPriceKobo,
        quantity: line.quantity,
        hostedImages: line.product.hostedImages.slice(0, 1),
        productVariant: line.variant ? { size: line.variant.size, color: line.variant.color } : null,
      })),
    }));
  }

  return {
    expectedAmountKobo,
    lockForPayment,
    closeUnpaid,
    couponUses,
    confirmationMail,

    async simulate(customerId: string, addressId?: string) {
      return cart.toCartState(await cart.price(db, customerId, { addressId }));
    },

    /**
     * Step "open" of the checkout-and-pay flow, in the flow's transaction: price the cart, take the stock, hold
     * gift-card money and coupon uses, and have the orders module write the tracker and one order per store. A
     * checkout with an amount due has its payment recorded with it (ADR 055); one gift cards cover is paid by the
     * flow in the same transaction.
     */
    async open(
      tx: Db,
      customerId: string,
      body: { addressId?: string; orderNote?: string; payOnDeliveryStoreIds?: string[] },
      // The customer as the request's session check read them (ADR 037).
      customer: SignedInAccount,
    ): Promise<OpenedCheckout> {
      // One open checkout per customer: their checkouts queue on the cart row, and a new one replaces the open
      // one (its stock, gift-card money and coupon uses go back before the cart is priced again).
      const cartRow = await cart.lockCart(tx, customerId);
      const at = deps.now();
      // The open checkouts locked and the expired ones counted in one read.
      const { open: openCheckouts, expired } = await orders.lockOpenTrackersAndExpired(
        tx,
        customerId,
        new Date(at.getTime() - HOLD_PAUSE_HOURS * 3600_000),
      );
      const pausedBy = expired[EXPIRED_CHECKOUTS_BEFORE_PAUSE - 1];
      if (pausedBy) {
        const until = new Date(pausedBy.getTime() + HOLD_PAUSE_HOURS * 3600_000);
        throw new AppError(
          'CONFLICT',
          `Failed to create order: ${EXPIRED_CHECKOUTS_BEFORE_PAUSE} of your checkouts expired unpaid, so you cannot hold items for payment until ${lagosTime.format(until)}`,
        );
      }
      // A replacement keeps the hold's end: re-creating a checkout must not keep stock from others for ever.
      let expiresAt = new Date(at.getTime() + PAYMENT_WINDOW_MINUTES * 60_000);
      for (const open of openCheckouts) {
        if (open.expiresAt > at && open.expiresAt < expiresAt) expiresAt = open.expiresAt;
        await closeUnpaid(tx, open, 'replaced', 'Replaced by a newer checkout.', {
          role: 'customer',
          id: customerId,
        });
      }
      const pricing = await cart.price(tx, customerId, { addressId: body.addressId, cart: cartRow });
      // Above the business's limit per order (ADR 063): the cart itself must change, whatever else it needs.
      if (pricing.aboveOrderLimit) throw validation('cart', pricing.aboveOrderLimit);
      if (pricing.problems.length > 0) {
        throw new AppError('CONFLICT', `Failed to create order: ${pricing.problems.join('; ')}`);
      }
      const overLimit = overHoldLimit(pricing);
      if (overLimit) throw new AppError('CONFLICT', `Failed to create order: ${overLimit}`);
      const address = pricing.address!;
      // Pay on delivery (ADR 074): the stores the customer chose to pay at the door, each checked and priced.
      const chosen = body.payOnDeliveryStoreIds ?? [];
      if (chosen.length > 0 && !ports.payOnDelivery)
        throw validation('payOnDeliveryStoreIds', 'Pay on delivery is not available');
      const podFees =
        chosen.length > 0
          ? await ports.payOnDelivery!.choose(tx, {
              customerId,
              state: address.stateOrRegion,
              stores: pricing.stores.map((store) => ({
                storeId: store.storeId,
                storeName: store.storeName,
                totalKobo: store.subtotalKobo - store.discountKobo + store.shippingKobo,
              })),
              chosen,
            })
          : new Map<string, number>();
      const reservations = pricing.stores.flatMap((store) =>
        store.lines.map((line) => ({
          productId: line.product.id,
          variantId: line.variant?.id ?? null,
          quantity: line.quantity,
        })),
      );
      const created = await orders.createFromCheckout(tx, {
        reference: deps.payments.newReference(CHECKOUT_PREFIX),
        customerId,
        itemsSubtotalKobo: pricing.itemsSubtotalKobo,
        shippingTotalKobo: pricing.shippingKobo,
        discountTotalKobo: pricing.discountKobo,
        deliveryAddress: {
          fullName: address.fullName,
          phoneNumber: address.phoneNumber,
          emailAddress: address.emailAddress,
          state: address.stateOrRegion,
          lga: address.lga,
          address: address.address,
        },
        appliedCouponCodes: pricing.stores.flatMap((store) =>
          store.coupon?.code ? [store.coupon.code] : [],
        ),
        expiresAt,
        orderNote: body.orderNote ?? null,
        reservations,
        stores: ordersOf(pricing, podFees),
      });
      const written = { orders: created.orders, items: created.items, activities: created.activities };
      let trackerRow = created.tracker;
      // The stock is taken after the checkout's own rows are written (ADR 031): the product rows every buyer of
      // a product shares are locked for as short a time as possible, from here to the commit.
      const left = await ports.reserveStock(tx, reservations);
      await ensureWithinHeldShare(tx, pricing, left);
      if (pricing.giftCards.length > 0 && trackerRow.amountDueKobo > 0) {
        // Holding is atomic per card: two checkouts spending one card at once never take more than its balance.
        const { heldKobo } = await ports.holdGiftCards(tx, {
          trackerId: trackerRow.id,
          customerId,
          cardIds: pricing.giftCards.map((card) => card.id),
          amountKobo: trackerRow.amountDueKobo,
        });
        trackerRow = await orders.applyGiftCards(tx, trackerRow.id, heldKobo);
      }
      const applied = await couponUses(tx, trackerRow, created.orders);
      if (applied.length > 0) {
        // One use of each coupon is held now, counted with the paid ones under the coupon's row lock.
        const { refused } = await ports.holdRedemptions(tx, {
          trackerId: trackerRow.id,
          customerId,
          applied,
        });
        if (refused.length > 0)
          throw new AppError(
            'CONFLICT',
            `Failed to create order: ${refused.map((entry) => `${entry.code ?? 'Discount'}: ${entry.reason}`).join('; ')}`,
          );
      }
      // The payment is recorded with the checkout, in its transaction: one commit instead of two (ADR 055). The
      // provider is asked for its page after the commit.
      if (trackerRow.amountDueKobo > 0) await deps.payments.record(tx, paymentOf(trackerRow, customer.email));
      return { tracker: trackerRow, written };
    },

    /**
     * Step "page" of the flow, after its transaction committed: the provider's page for a checkout with an amount
     * due (no lock is held while the network answers), and the checkout as the customer sees it.
     */
    async answerOpened({ tracker, written }: OpenedCheckout, customer: SignedInAccount) {
      const { authorizationUrl } =
        tracker.status === 'paid'
          ? { authorizationUrl: null }
          : await startPayment(tracker, customer.email, true);
      return {
        // Unpaid, its orders, items and activities are what it wrote: not read back (ADR 033, 036). Paid at once by
        // gift cards, its orders moved on: read.
        tracker: await orders.trackerView(
          db,
          tracker,
          tracker.status === 'awaiting_payment' ? written : undefined,
        ),
        payment: paymentAnswer(tracker, authorizationUrl),
      };
    },

    async pay(customerId: string, trackerId: string, account: SignedInAccount) {
      const tracker = await orders.customerTracker(customerId, { id: trackerId });
      const { authorizationUrl } = await startPayment(tracker, account.email);
      return paymentAnswer(tracker, authorizationUrl);
    },

    /** The customer's return: the server asks the provider itself; the browser's word is never enough. */
    async recordTransaction(customerId: string, reference: string, account: SignedInAccount) {
      // The checkout with its orders, items and activities, and its payment: one read (ADR 037, 087).
      const [owned, paymentRow] = await readTogether(db, [
        orders.customerTrackerWithContentsPart(customerId, reference),
        deps.payments.paymentPart(reference),
      ]);
      if (!owned) throw notFound('Checkout not found');
      const payment = await deps.payments.settledRowFor(customerId, reference, paymentRow);
      // A checkout already paid when first read is what a second read would find (ADR 033); any other is read
      // again, after the settling this call may have done.
      const { tracker, contents } =
        owned.tracker.status === 'paid'
          ? owned
          : await orders.customerTrackerWithContents(customerId, reference);
      const view = await orders.trackerView(db, tracker, contents);
      const transaction: Transaction | null = payment
        ? {
            id: payment.id,
            orderTrackerId: tracker.id,
            transactionId: payment.providerTransactionId,
            amount: koboToNaira(payment.amountKobo),
            reference,
            fees: payment.feesKobo === null ? null : koboToNaira(payment.feesKobo),
            date: payment.paidAt?.toISOString() ?? null,
            customerName: `${account.firstName} ${account.lastName}`,
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
      return orders.trackerView(db, await orders.customerTracker(customerId, { reference }));
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
          const stale = await orders.claimExpiredTracker(tx, now);
          if (!stale) return false;
          await closeUnpaid(
            tx,
            stale,
            'expired',
            `Payment was not received within ${PAYMENT_WINDOW_MINUTES} minutes.`,
            { role: 'system', id: null },
          );
          return true;
        });
        if (!closedOne) break;
        expired += 1;
      }
      let refunded = 0;
      const lateRefunds = { deps, orders, payments: deps.payments };
      const askBefore = new Date(now.getTime() - LATE_REFUND_ASK_AFTER_MS);
      for (const tracker of await orders.refundsDue(now, askBefore, 50)) {
        try {
          if ((await refundLatePayment(lateRefunds, tracker)) === 'refunded') refunded += 1;
        } catch (error) {
          deps.logger.error({ err: error, reference: tracker.reference }, 'refund of a late payment failed');
        }
      }
      return { expired, refunded };
    },

    /** A refund.* webhook no order refund claimed: a late payment's refund it settles, if any (ADR 080). */
    settleLateRefund: (event: Parameters<typeof settleLateRefundFromWebhook>[1]) =>
      settleLateRefundFromWebhook({ deps, orders, payments: deps.payments }, event),
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
