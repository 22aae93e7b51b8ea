import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import {
  type CustomerOrder,
  formatNaira,
  koboToNaira,
  type OrderStatusCode,
  type Tracker,
} from '@market/contracts';
import { recordAudit, recordAudits } from '../../platform/audit/record.js';
import type { Db } from '../../platform/db/client.js';
import { pageInfo } from '../../platform/db/paging.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import { createOrderMoneyEvents, type OrderMoneyEvents } from './money-events.js';
import {
  checkMove,
  initialStatus,
  knownNameOfStatus,
  type MoveFacts,
  moveBetween,
  nextStatusesFor,
  type OrderActor,
  orderStatusList,
} from './order-status.js';
import type { OrderRow, TrackerKey, TrackerRow } from './orders.repository.js';
import * as repository from './orders.repository.js';
import type { DeliveryAddress, RefundStatus } from './orders.schema.js';
import { orderReceiptPdf, type SellerTax } from './receipt.js';

/** The store's own TIN and VAT registration (the stores module's, handed in by the composition). */
export type StoreTaxOf = (executor: Db, storeId: string) => Promise<SellerTax>;

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Short name people read out on the phone, e.g. NM-7K3F9Q2A. */
function newOrderName(): string {
  const bytes = randomBytes(8);
  return `NM-${[...bytes].map((byte) => CROCKFORD[byte % 32]).join('')}`;
}

/** A short number the customer reads to the dispatcher at the door. */
export function newDeliveryToken(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Hex SHA-256, the form in which hand-over tokens are kept (the migration's backfill computes the same). */
export function handoverTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** What a move carries besides its target: the timeline text, and proof the move needs. */
export interface TransitionEvidence {
  /** The text of the order activity; the status's own sentence when absent. */
  activity?: string;
  /** Set by the caller that checked the customer's delivery token for this order. */
  deliveryTokenChecked?: boolean;
  /** Address of the photo uploaded with the move (shipping evidence), kept on its order activity. */
  shippingEvidence?: string;
  /** The parcel reference scanned from the label for this move (ADR 078), kept on its order activity. */
  parcelRef?: string;
  /** Set by the returns module for the return that brings every unit back, as it stands in this transaction. */
  settledReturn?: MoveFacts['settledReturn'];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether every unit of the order (and so its shipping fee) is covered by a booked refund, or it cost nothing. */
async function wholeOrderRefunded(executor: Db, order: OrderRow): Promise<boolean> {
  if (order.totalKobo === 0) return true;
  // Paid at the door (ADR 074): before delivery nothing was paid, so nothing is owed back on a cancellation or a
  // parcel refused and returned. Cash is only ever collected with the move to delivered.
  if (order.paymentMethod === 'on_delivery' && order.deliveredAt === null) return true;
  const [items, refunds] = await Promise.all([
    repository.itemsOfOrders(executor, [order.id]),
    repository.refundsOfOrder(executor, order.id),
  ]);
  const taken = new Map<string, number>();
  for (const refund of refunds)
    for (const line of refund.lines)
      taken.set(line.orderItemId, (taken.get(line.orderItemId) ?? 0) + line.quantity);
  return items.every((item) => (taken.get(item.id) ?? 0) >= item.quantity);
}

/** One store's part of a checkout, in the orders module's words. */
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

const defaultActivity: Partial<Record<OrderStatusCode, string>> = {
  awaiting_payment: 'Order placed. Waiting for payment.',
  pending: 'Payment received. The store has been told about your order.',
};

export function createOrdersService(
  deps: Deps,
  money: OrderMoneyEvents = createOrderMoneyEvents(),
  storeTaxOf: StoreTaxOf = async () => ({ tin: null, isVatRegistered: false }),
) {
  const { db } = deps;

  async function writeActivity(
    executor: Db,
    orderId: string,
    status: string,
    actor: OrderActor,
    text: string,
    at: Date,
    evidence: string | null = null,
    parcelRef: string | null = null,
  ) {
    await repository.insertActivity(executor, {
      orderId,
      status,
      activity: text,
      actorType: actor.role,
      actorId: actor.id,
      evidence,
      parcelRef,
      createdAt: at,
    });
  }

  /**
   * Moves one order: locks its row, asks the machine (`checkMove`, ADR 040) whether the actor may make the move with
   * what it shows, writes the status and an order activity. The money step a move needs is read here from the
   * orders module's own rows (the refund, the return window) or taken from the returns module (the settled return),
   * so a caller that skipped it is refused whatever its role: a 409 that names the current status.
   */
  async function transition(
    executor: Db,
    orderId: string,
    to: OrderStatusCode,
    actor: OrderActor,
    evidence: TransitionEvidence = {},
  ): Promise<OrderRow> {
    const order = await repository.lockOrder(executor, orderId);
    if (!order) throw notFound('Order not found');
    const move = moveBetween(order.status, to);
    const facts: MoveFacts = {
      deliveryTokenChecked: evidence.deliveryTokenChecked,
      shippingEvidence: Boolean(evidence.shippingEvidence),
      settledReturn: evidence.settledReturn,
      refundBooked: move?.settles === 'refund' ? await wholeOrderRefunded(executor, order) : undefined,
      returnWindowPassed:
        move?.settles === 'return_window'
          ? order.deliveredAt !== null &&
            order.orderReturnId === null &&
            deps.now().getTime() - order.deliveredAt.getTime() >= deps.config.returnWindowDays * DAY_MS
          : undefined,
    };
    const refusal = checkMove(order, to, actor, facts);
    const from = knownNameOfStatus(order.status);
    switch (refusal) {
      case null:
        break;
      case 'delivery-token':
        throw new AppError(
          'VALIDATION_ERROR',
          "The customer's delivery token is needed to mark it Delivered",
          [{ path: 'deliveryToken', message: "Enter the customer's delivery token" }],
        );
      case 'shipping-evidence':
        throw new AppError(
          'VALIDATION_ERROR',
          `A photo of the parcel is needed to mark it ${knownNameOfStatus(to)}`,
          [{ path: 'evidence', message: 'Take or choose a photo of the parcel' }],
        );
      case 'money-step':
        throw conflict(
          move?.settles === 'settled_return'
            ? `Order is ${from}; it becomes Returned only when the store has received an approved return of every item and refunded or replaced it`
            : move?.settles === 'return_window'
              ? `Order is ${from}; it completes only after the return window has passed with no return in progress`
              : `Order is ${from}; it cannot move to ${knownNameOfStatus(to)} before its refund is booked`,
        );
      case 'not-assignee':
        throw conflict(`Order is ${from}; only its own carrier can move it to ${knownNameOfStatus(to)}`);
      default:
        throw conflict(
          `Order is ${from}; it cannot move to ${knownNameOfStatus(to)}${move ? ` as ${actor.role}` : ''}`,
        );
    }
    const at = deps.now();
    const moved = await repository.updateOrder(executor, orderId, { status: to, updatedAt: at });
    await writeActivity(
      executor,
      orderId,
      to,
      actor,
      evidence.activity ?? defaultActivity[to] ?? `Order is ${knownNameOfStatus(to)}.`,
      at,
      evidence.shippingEvidence ?? null,
      evidence.parcelRef ?? null,
    );
    // Who moved which order from what to what, when and from where (issue 33, ADR 072), in the move's transaction.
    // A move with no request behind it (a job, a payment webhook) reads as the platform's.
    await recordAudit(executor, {
      action: 'order.status',
      subjectType: 'order',
      subjectId: orderId,
      storeId: order.storeId,
      before: { status: order.status },
      after: { status: to },
      reason: evidence.activity ?? null,
    });
    if (to === 'completed') await money.books.completed(executor, moved);
    if (to === 'returned') await money.books.returned(executor, moved);
    if (to === 'cancelled' || to === 'returned') await money.books.undone(executor, moved);
    return moved;
  }

  /** Settled payment: the order becomes pending and gets its delivery token, kept as the carrier-to-customer hand-over. */
  async function markOrderPaid(executor: Db, orderId: string) {
    const order = await transition(executor, orderId, 'pending', { role: 'payment', id: null });
    const token = newDeliveryToken();
    const paid = await repository.updateOrder(executor, orderId, { orderDeliveryToken: token });
    await money.books.paid(executor, [paid]);
    await repository.insertHandover(executor, {
      orderId,
      fromPartyKind: 'carrier',
      toPartyKind: 'customer',
      toPartyId: order.customerId,
      tokenHash: handoverTokenHash(token),
      createdAt: deps.now(),
    });
    return { ...order, orderDeliveryToken: token };
  }

  /**
   * `markOrderPaid` for every order of a checkout in a fixed number of statements (ADR 031): the orders are locked
   * in one statement (in the order every writer of a checkout's orders uses), each move is checked against the
   * status table as `transition` does, and the statuses, tokens, activities and hand-overs are written in bulk.
   */
  async function markOrdersPaid(executor: Db, trackerId: string, at: Date) {
    const locked = await repository.lockOrdersOfTracker(executor, trackerId);
    for (const order of locked) {
      if (!moveBetween(order.status, 'pending')?.roles.includes('payment')) {
        throw conflict(
          `Order is ${knownNameOfStatus(order.status)}; it cannot move to ${knownNameOfStatus('pending')} as payment`,
        );
      }
    }
    const paid = locked.map((order) => ({
      ...order,
      status: 'pending',
      updatedAt: at,
      orderDeliveryToken: newDeliveryToken(),
    }));
    // The tracker, the orders, their activities and hand-overs and the reservations in one statement, which also
    // answers the items (ADR 036). The tracker is already locked by the caller (payment) or its own (gift cards).
    const items = await repository.payCheckout(executor, {
      trackerId,
      at,
      tokens: paid.map((order) => ({ id: order.id, token: order.orderDeliveryToken })),
      activities: paid.map((order) => ({
        orderId: order.id,
        status: 'pending',
        activity:
          order.paymentMethod === 'on_delivery'
            ? `Order confirmed. You pay ${formatNaira(order.totalKobo + order.podFeeKobo)} at the door. The store has been told about your order.`
            : defaultActivity.pending!,
        actorType: 'payment',
        actorId: null,
        createdAt: at,
      })),
      handovers: paid.map((order) => ({
        orderId: order.id,
        fromPartyKind: 'carrier',
        toPartyKind: 'customer',
        toPartyId: order.customerId,
        tokenHash: handoverTokenHash(order.orderDeliveryToken),
        createdAt: at,
      })),
    });
    // Each order's move in the audit trail as `transition` writes it, in one statement (issue 33, ADR 072).
    await recordAudits(
      executor,
      locked.map((order) => ({
        action: 'order.status' as const,
        subjectType: 'order' as const,
        subjectId: order.id,
        storeId: order.storeId,
        before: { status: order.status },
        after: { status: 'pending' },
        reason: defaultActivity.pending ?? null,
      })),
    );
    // The checkout-and-pay flow books these orders' money next, in this same transaction (ADR 027, 076).
    return { orders: paid, items };
  }

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
      const tracker = await repository.findTracker(executor, { id: trackerId });
      if (!tracker) throw notFound('Checkout not found');
      const totalKobo = tracker.itemsSubtotalKobo - tracker.discountTotalKobo + tracker.shippingTotalKobo;
      return repository.updateTracker(executor, trackerId, {
        giftCardKobo: heldKobo,
        amountDueKobo: totalKobo - tracker.onDeliveryKobo - heldKobo,
      });
    },

    lockTracker: (executor: Db, key: TrackerKey) => repository.lockTracker(executor, key),
    lockOpenTrackers: (executor: Db, customerId: string) => repository.lockOpenTrackers(executor, customerId),
    /** When the customer's checkouts expired unpaid since `since`, newest first (issue 31). */
    expiredCheckoutsSince: (executor: Db, customerId: string, since: Date) =>
      repository.expiredCheckoutsSince(executor, customerId, since),
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
     * A replacement for a return: a zero-value order of the same store for the given units, paid from the start (a
     * checkout of ₦0 with its own RPL reference), which enters the fulfilment chain as pending with its delivery
     * token like any paid order. Runs in the caller's transaction.
     */
    async createReplacement(
      executor: Db,
      source: OrderRow,
      lines: { item: repository.ItemRow; quantity: number }[],
      returnId: string,
    ): Promise<OrderRow> {
      const at = deps.now();
      const tracker = await repository.insertTracker(executor, {
        reference: `RPL-${randomBytes(10).toString('hex').toUpperCase()}`,
        customerId: source.customerId,
        status: 'paid',
        itemsSubtotalKobo: 0,
        shippingTotalKobo: 0,
        discountTotalKobo: 0,
        giftCardKobo: 0,
        amountDueKobo: 0,
        deliveryAddress: source.deliveryAddress,
        appliedCouponCodes: [],
        expiresAt: at,
        paidAt: at,
      });
      const order = await repository.insertOrder(executor, {
        trackerId: tracker.id,
        orderName: newOrderName(),
        customerId: source.customerId,
        storeId: source.storeId,
        merchantId: source.merchantId,
        storeName: source.storeName,
        status: initialStatus.to,
        subtotalKobo: 0,
        shippingFeeKobo: 0,
        discountKobo: 0,
        totalKobo: 0,
        deliveryAddress: source.deliveryAddress,
        orderNote: `Replacement for ${source.orderName}`,
        withinLagos: source.withinLagos,
        lagosMerchant: source.lagosMerchant,
        lagosCustomer: source.lagosCustomer,
        weightGrams: source.weightGrams,
        replacementOf: source.id,
        orderReturnId: null,
      });
      await repository.insertOrderItems(
        executor,
        lines.map(({ item, quantity }) => ({
          orderId: order.id,
          productId: item.productId,
          variantId: item.variantId,
          productName: item.productName,
          sku: item.sku,
          unitPriceKobo: 0,
          quantity,
          hostedImages: item.hostedImages,
          productVariant: item.productVariant,
        })),
      );
      await writeActivity(
        executor,
        order.id,
        initialStatus.to,
        { role: 'checkout', id: null },
        `Replacement for order ${source.orderName} (return ${returnId.slice(0, 8)}).`,
        at,
      );
      const paid = await markOrderPaid(executor, order.id);
      return paid;
    },

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
