import { randomUUID } from 'node:crypto';
import { type CustomerOrder, koboToNaira, type OrderStatusCode, type Tracker } from '@market/contracts';
import type { Db } from '../../platform/db/client.js';
import { pageInfo } from '../../platform/db/paging.js';
import type { Deps } from '../../platform/deps.js';
import { conflict, notFound } from '../../platform/errors.js';
import { createOrderMoneyEvents, type OrderMoneyEvents } from './money-events.js';
import { initialStatus, nextStatusesFor, type OrderActor, orderStatusList } from './order-status.js';
import type { OrderRow, TrackerKey, TrackerRow } from './orders.repository.js';
import * as repository from './orders.repository.js';
import type { DeliveryAddress, RefundStatus } from './orders.schema.js';
import * as moves from './orders.transitions.js';
import {
  DAY_MS,
  defaultActivity,
  newOrderName,
  type OrdersContext,
  writeActivity,
} from './orders.transitions.js';
import { orderReceiptPdf, type SellerTax } from './receipt.js';

export {
  handoverTokenHash,
  newDeliveryToken,
  type OrdersContext,
  type TransitionEvidence,
} from './orders.transitions.js';

/** The store's own TIN and VAT registration (the stores module's, handed in by the composition). */
export type StoreTaxOf = (executor: Db, storeId: string) => Promise<SellerTax>;

export interface CheckoutOrderInput {
  storeId: string;
  storeName: string;
  merchantId: string;
  subtotalKobo: number;
  shippingKobo: number;
  discountKobo: number;
  withinLagos: boolean;
  lagosMerchant: boolean;
  lagosCustomer: boolean;
  /** Chargeable weight of the parcel, for the carrier. */
  weightGrams?: number;
  /** Paid at the door (ADR 074): its total is not part of what the provider collects; the carrier adds the fee. */
  payOnDelivery?: { feeKobo: number };
  coupon: { couponId: string; code: string | null; rewardProductIds: string[] } | null;
  items: {
    productId: string;
    variantId: string | null;
    productName: string;
    sku: string;
    unitPriceKobo: number;
    quantity: number;
    hostedImages: string[];
    productVariant: { size: string | null; color: string | null } | null;
  }[];
}

export interface CheckoutInput {
  reference: string;
  customerId: string;
  itemsSubtotalKobo: number;
  shippingTotalKobo: number;
  discountTotalKobo: number;
  deliveryAddress: DeliveryAddress;
  appliedCouponCodes: string[];
  expiresAt: Date;
  orderNote: string | null;
  /** Stock taken for this checkout, given back if payment does not come. */
  reservations: { productId: string; variantId: string | null; quantity: number }[];
  stores: CheckoutOrderInput[];
}

export function createOrdersService(
  deps: Deps,
  money: OrderMoneyEvents = createOrderMoneyEvents(),
  storeTaxOf: StoreTaxOf = async () => ({ tin: null, isVatRegistered: false }),
) {
  const { db } = deps;

  const ctx: OrdersContext = { deps, money };
  /** A move step of `orders.transitions.ts` with this service's context. */
  const bound =
    <A extends unknown[], R>(step: (ctx: OrdersContext, ...args: A) => R) =>
    (...args: A) =>
      step(ctx, ...args);
  const transition = bound(moves.transition);
  const markOrdersPaid = bound(moves.markOrdersPaid);

  /**
   * `written`: the orders, items and activities of a checkout just created, so that they are not read back (ADR 033;
   * the orders since ADR 036, answered by the insert in `ordersOfTracker`'s order), or just read with the tracker
   * (`customerTrackerWithContents`, ADR 037).
   */
  async function trackerView(
    executor: Db,
    row: TrackerRow,
    written?: { orders: OrderRow[]; items: repository.ItemRow[]; activities: repository.ActivityRow[] },
  ): Promise<Tracker> {
    // Not just written: the orders, items and activities are read in one statement (ADR 036).
    const contents = written ?? (await repository.trackerContents(executor, row.id));
    return {
      id: row.id,
      reference: row.reference,
      status: row.status,
      subtotal: koboToNaira(row.itemsSubtotalKobo),
      shippingFeeTotal: koboToNaira(row.shippingTotalKobo),
      discount: koboToNaira(row.discountTotalKobo),
      giftCardTotal: koboToNaira(row.giftCardKobo),
      onDeliveryTotal: koboToNaira(row.onDeliveryKobo),
      amountDue: koboToNaira(row.amountDueKobo),
      expiresAt: row.expiresAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
      orders: await repository.customerOrdersOf(executor, contents.orders, contents),
    };
  }

  /** Where the customer's order reads how its checkout was paid (the payments module, handed in by the app). */
  let paidChannelOf: (reference: string) => Promise<string | null> = async () => null;

  return {
    transition,
    money,
    readPaymentChannelFrom(source: (reference: string) => Promise<string | null>) {
      paidChannelOf = source;
    },

    /** The statuses this caller may move the order to now, from the same table `transition` checks. */
    allowedNext(order: { status: string }, actor: Pick<OrderActor, 'role'>): OrderStatusCode[] {
      return nextStatusesFor(order.status, actor.role);
    },

    statuses: orderStatusList,

    /**
     * Writes one checkout: the tracker, its stock reservations, and one order per store with its items, each
     * entering the status machine as awaiting payment. Runs in the caller's transaction.
     */
    async createFromCheckout(
      executor: Db,
      input: CheckoutInput,
    ): Promise<{
      tracker: TrackerRow;
      orders: OrderRow[];
      items: repository.ItemRow[];
      activities: repository.ActivityRow[];
    }> {
      const totalKobo = input.itemsSubtotalKobo - input.discountTotalKobo + input.shippingTotalKobo;
      // The service's clock, not the database's: reports and the dashboard compare these times with deps.now().
      const at = deps.now();
      // Ids chosen here so that the rows of one statement can name each other (ADR 036: the whole checkout is
      // written in one round trip, whatever the number of stores and lines).
      const trackerId = randomUUID();
      const storeOrders = input.stores.map((store) => ({ store, id: randomUUID() }));
      const onDeliveryKobo = input.stores
        .filter((store) => store.payOnDelivery)
        .reduce((sum, store) => sum + store.subtotalKobo - store.discountKobo + store.shippingKobo, 0);
      return repository.insertCheckout(executor, {
        tracker: {
          id: trackerId,
          createdAt: at,
          updatedAt: at,
          reference: input.reference,
          customerId: input.customerId,
          itemsSubtotalKobo: input.itemsSubtotalKobo,
          shippingTotalKobo: input.shippingTotalKobo,
          discountTotalKobo: input.discountTotalKobo,
          giftCardKobo: 0,
          onDeliveryKobo,
          amountDueKobo: totalKobo - onDeliveryKobo,
          deliveryAddress: input.deliveryAddress,
          appliedCouponCodes: input.appliedCouponCodes,
          expiresAt: input.expiresAt,
        },
        reservations: input.reservations,
        orders: storeOrders.map(({ store, id }) => ({
          id,
          createdAt: at,
          updatedAt: at,
          trackerId,
          orderName: newOrderName(),
          customerId: input.customerId,
          storeId: store.storeId,
          merchantId: store.merchantId,
          storeName: store.storeName,
          status: initialStatus.to,
          subtotalKobo: store.subtotalKobo,
          shippingFeeKobo: store.shippingKobo,
          discountKobo: store.discountKobo,
          totalKobo: store.subtotalKobo - store.discountKobo + store.shippingKobo,
          paymentMethod: store.payOnDelivery ? ('on_delivery' as const) : ('online' as const),
          podFeeKobo: store.payOnDelivery?.feeKobo ?? 0,
          deliveryAddress: input.deliveryAddress,
          orderNote: input.orderNote,
          withinLagos: store.withinLagos,
          lagosMerchant: store.lagosMerchant,
          lagosCustomer: store.lagosCustomer,
          weightGrams: store.weightGrams ?? null,
          couponId: store.coupon?.couponId ?? null,
          couponCode: store.coupon?.code ?? null,
          rewardProductIds: store.coupon?.rewardProductIds ?? [],
        })),
        // One order per store: the store names the order its items belong to.
        items: storeOrders.flatMap(({ store, id }) => store.items.map((item) => ({ ...item, orderId: id }))),
        activities: storeOrders.map(({ id }) => ({
          orderId: id,
          status: initialStatus.to,
          activity: defaultActivity.awaiting_payment!,
          actorType: 'checkout',
          actorId: null,
          createdAt: at,
        })),
      });
    },

    /** Gift cards held for this checkout lower what the provider must collect. */
    async applyGiftCards(executor: Db, trackerId: string, heldKobo: number): Promise<TrackerRow> {
      // The amount due worked out from the row being updated: the checkout just written is not read again.
      const tracker = await repository.applyGiftCards(executor, trackerId, heldKobo);
      if (!tracker) throw notFound('Checkout not found');
      return tracker;
    },

    lockTracker: (executor: Db, key: TrackerKey) => repository.lockTracker(executor, key),
    /** The customer's open checkouts, locked, and when their checkouts expired unpaid since `since` (one read). */
    lockOpenTrackersAndExpired: (executor: Db, customerId: string, since: Date) =>
      repository.lockOpenTrackersAndExpired(executor, customerId, since),
    /** Units of these products every unpaid checkout holds together. */
    heldUnits: (executor: Db, productIds: string[]) => repository.heldUnits(executor, productIds),
    /** The orders of one checkout, one per store. */
    ordersOf: (executor: Db, trackerId: string) => repository.ordersOfTracker(executor, trackerId),
    findTracker: (executor: Db, key: TrackerKey) => repository.findTracker(executor, key),

    async customerTracker(customerId: string, key: TrackerKey): Promise<TrackerRow> {
      const row = await repository.findTracker(db, key, customerId);
      if (!row) throw notFound('Checkout not found');
      return row;
    },

    /**
     * The customer's checkout with its orders, items and activities, in one statement (ADR 037): what the payer's
     * return shows, for `trackerView`'s `written`.
     */
    async customerTrackerWithContents(customerId: string, reference: string) {
      const found = await repository.findCustomerTrackerWithContents(db, reference, customerId);
      if (!found) throw notFound('Checkout not found');
      return found;
    },

    async setAuthorizationUrl(executor: Db, trackerId: string, authorizationUrl: string) {
      await repository.setAuthorizationUrl(executor, trackerId, authorizationUrl);
    },

    trackerView,

    /**
     * Payment settled (or gift cards covered everything): the tracker is paid, each order moves to pending with a
     * delivery token, and the stock reservations end (the stock stays sold). Answers the paid orders and items.
     */
    async markPaid(executor: Db, tracker: TrackerRow) {
      return markOrdersPaid(executor, tracker.id, deps.now());
    },

    /**
     * Closes an unpaid checkout: its orders are cancelled and its reservations end. Answers the reservations so the
     * caller gives their stock back.
     */
    async closeUnpaid(
      executor: Db,
      tracker: TrackerRow,
      status: 'failed' | 'expired' | 'replaced',
      reason: string,
      actor: OrderActor,
    ) {
      const at = deps.now();
      await repository.updateTracker(executor, tracker.id, { status, closedReason: reason, updatedAt: at });
      const released = await repository.releaseReservations(executor, tracker.id, at);
      for (const order of await repository.ordersOfTracker(executor, tracker.id)) {
        await transition(executor, order.id, 'cancelled', actor, { activity: reason });
      }
      return released;
    },

    /** Money arrived after the checkout closed and its stock went back: it is owed back to the payer. */
    async markRefundDue(executor: Db, tracker: TrackerRow) {
      await repository.updateTracker(executor, tracker.id, {
        refundStatus: 'due',
        closedReason: `${tracker.closedReason ?? tracker.status}; payment arrived late, refund due`,
      });
    },

    /**
     * Late payments owed back whose back-off has run out at `at`, and those whose refund's outcome was not recorded
     * by `askBefore` (ADR 080, 088).
     */
    refundsDue: (at: Date, askBefore: Date, limit: number) =>
      repository.trackersWithRefundDue(db, at, askBefore, limit),
    /** A late payment's refund moves one step, only from `from` and only if untouched since `touchedAt`. */
    moveLateRefund: (
      executor: Db,
      trackerId: string,
      from: RefundStatus[],
      patch: Pick<
        Partial<TrackerRow>,
        'refundStatus' | 'refundedKobo' | 'refundedAt' | 'updatedAt' | 'refundAttempts' | 'refundRetryAt'
      >,
      touchedAt?: Date,
    ) => repository.moveLateRefund(executor, trackerId, from, patch, touchedAt),

    claimExpiredTracker: (executor: Db, now: Date) => repository.claimExpiredTracker(executor, now),

    // ---------- for the flows (ADR 047) ----------

    /** Ids of paid orders after `after`, by id: the flow that books orders the ledger never heard of pages them. */
    paidOrderIds: (executor: Db, after: string | null, limit: number) =>
      repository.paidOrderIds(executor, after, limit),
    /** The order's refund rows, oldest first (rejected ones included). */
    refundsOfOrder: (executor: Db, orderId: string) => repository.refundsOfOrder(executor, orderId),

    // ---------- for returns (issue 8) ----------

    /** The order row, locked for the caller's transaction. */
    lockOrder: (executor: Db, orderId: string) => repository.lockOrder(executor, orderId),
    findOrder: (executor: Db, orderId: string) => repository.findOrder(executor, orderId),
    findOrders: (executor: Db, orderIds: string[]) => repository.findOrders(executor, orderIds),
    itemsOf: (executor: Db, orderId: string) => repository.itemsOfOrders(executor, [orderId]),
    ordersByIds: async (executor: Db, orderIds: string[]) => repository.orderNames(executor, orderIds),

    /** Marks the return in progress on the order (null when it ends); the order does not complete meanwhile. */
    async setOrderReturn(executor: Db, orderId: string, returnId: string | null) {
      await repository.updateOrder(executor, orderId, { orderReturnId: returnId, updatedAt: deps.now() });
    },

    /** A line in the order's timeline without a move (a return asked, decided, refunded). */
    async note(executor: Db, order: OrderRow, actor: OrderActor, text: string) {
      await writeActivity(executor, order.id, order.status, actor, text, deps.now());
    },

    /**
     * A replacement for a return: a zero-value order of the same store for the given units, paid from the start,
     * entering the fulfilment chain as pending (`orders.transitions.ts`). Runs in the caller's transaction.
     */
    createReplacement: bound(moves.createReplacement),

    async listForCustomer(customerId: string, query: { page: number; limit: number; status?: string }) {
      const { rows, total } = await repository.customerOrderPage(db, customerId, query);
      return {
        orders: await repository.customerOrdersOf(db, rows),
        pagination: pageInfo(query.page, query.limit, total),
      };
    },

    async oneForCustomer(customerId: string, orderId: string): Promise<CustomerOrder> {
      const row = await repository.findCustomerOrder(db, customerId, orderId);
      if (!row) throw notFound('Order not found');
      const [[order], tracker] = await Promise.all([
        repository.customerOrdersOf(db, [row]),
        row.paymentMethod === 'online' ? repository.findTracker(db, { id: row.trackerId }) : undefined,
      ]);
      const deliveredAt = order!.deliveredAt ? Date.parse(order!.deliveredAt) : null;
      return {
        ...order!,
        paymentChannel: tracker ? await paidChannelOf(tracker.reference) : null,
        returnWindowEndsAt:
          deliveredAt === null
            ? null
            : new Date(deliveredAt + deps.config.returnWindowDays * DAY_MS).toISOString(),
      };
    },

    /** The customer's receipt of a paid order of theirs (PDF); an unpaid checkout has none yet. */
    async receiptForCustomer(customerId: string, orderId: string): Promise<Buffer> {
      const order = await this.oneForCustomer(customerId, orderId);
      if (order.orderStatus.code_name === 'awaiting_payment')
        throw conflict('This order is not paid yet: its receipt comes with the payment');
      return orderReceiptPdf(order, deps.config.tax, deps.now(), await storeTaxOf(db, order.storeId));
    },

    /**
     * What the signed-out tracking page shows of an order (issue 36): its status and the customer's timeline, the
     * recipient's first name and LGA, and the delivery token while the parcel is on its way. Undefined when the
     * order does not exist or was never paid.
     */
    async publicTracking(orderId: string) {
      const order = await repository.findOrder(db, orderId);
      if (!order || order.status === 'awaiting_payment') return undefined;
      const [view] = await repository.customerOrdersOf(db, [order]);
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
    },

    /** Paid orders of the store waiting for it to accept them (its dashboard). */
    ordersToAccept: (storeId: string) => repository.countStoreOrdersInStatus(db, storeId, 'pending'),

    /** A customer who has never paid for an order (coupons for first-time customers). */
    async isFirstTimeCustomer(executor: Db, customerId: string): Promise<boolean> {
      return !(await repository.hasPaidOrder(executor, customerId));
    },

    /** A delivered or completed order of the customer contains the product (verified purchase of a review). */
    receivedProduct: (executor: Db, customerId: string, productId: string) =>
      repository.hasReceivedProduct(executor, customerId, productId),

    /** A delivered or completed order of the customer came from the store. */
    receivedFromStore: (executor: Db, customerId: string, storeId: string) =>
      repository.hasReceivedFromStore(executor, customerId, storeId),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
