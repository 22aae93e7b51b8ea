import type { OrderStatusCode } from '@market/contracts';
import { bound } from '../../platform/bound.js';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { nextStatusesFor, type OrderActor, orderStatusList } from './order-status.js';
import {
  applyGiftCards,
  closeUnpaid,
  createFromCheckout,
  customerTracker,
  customerTrackerWithContents,
  markPaid,
  markRefundDue,
  trackerView,
} from './orders.checkout.js';
import type { OrdersContext, PaidChannelOf } from './orders.context.js';
import { listForCustomer, oneForCustomer, publicTracking, receiptForCustomer } from './orders.customer.js';
import type { OrderRow, TrackerKey, TrackerRow } from './orders.repository.js';
import * as repository from './orders.repository.js';
import type { RefundStatus } from './orders.schema.js';
import {
  createReplacement,
  lockTrackerForPayment,
  lockTrackerForPaymentPart,
  takeLockedOrders,
  transition,
  writeActivity,
} from './orders.transitions.js';

export type { CheckoutInput, CheckoutOrderInput } from './orders.checkout.js';
export type { OrdersContext } from './orders.context.js';
export { handoverTokenHash, newDeliveryToken, type TransitionEvidence } from './orders.transitions.js';

/** A checkout's reads and locks and its late refund's step, as the repository answers them (caller's transaction). */
const trackerReads = {
  lockTracker: repository.lockTracker,
  /** The checkout locked with its orders (one statement); the orders kept for `markPaid` in the same transaction. */
  lockTrackerForPayment,
  lockTrackerForPaymentPart,
  takeLockedOrders,
  /** The customer's open checkouts, locked, and when their checkouts expired unpaid since `since` (one read). */
  lockOpenTrackersAndExpired: repository.lockOpenTrackersAndExpired,
  /** Units of these products every unpaid checkout holds together. */
  heldUnits: repository.heldUnits,
  /** The orders of one checkout, one per store. */
  ordersOf: repository.ordersOfTracker,
  findTracker: (executor: Db, key: TrackerKey) => repository.findTracker(executor, key),
  setAuthorizationUrl: repository.setAuthorizationUrl,
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
  claimExpiredTracker: repository.claimExpiredTracker,
};

/** An order's reads and locks for the flows, returns and reviews, as the repository answers them (caller's transaction). */
const orderReads = {
  // ---------- for the flows (ADR 047) ----------
  /** Ids of paid orders after `after`, by id: the flow that books orders the ledger never heard of pages them. */
  paidOrderIds: repository.paidOrderIds,
  /** The order's refund rows, oldest first (rejected ones included). */
  refundsOfOrder: repository.refundsOfOrder,

  // ---------- for returns (issue 8) ----------
  /** The order row, locked for the caller's transaction. */
  lockOrder: repository.lockOrder,
  findOrder: repository.findOrder,
  findOrders: repository.findOrders,
  itemsOf: (executor: Db, orderId: string) => repository.itemsOfOrders(executor, [orderId]),
  ordersByIds: repository.orderNames,
};

/**
 * Orders: a checkout's orders written, paid and closed (`orders.checkout.ts`), their moves along the status machine
 * (`orders.transitions.ts`), what the customer reads (`orders.customer.ts`), and the reads and locks other modules
 * and flows take. Named functions of an `OrdersContext` (ADR 091), bound here so callers are unchanged.
 */
export function createOrdersService(deps: Deps) {
  const { db } = deps;
  const ctx: OrdersContext = { deps, paidChannelOf: async () => null };
  return {
    transition: bound(ctx, transition),
    readPaymentChannelFrom(source: PaidChannelOf) {
      ctx.paidChannelOf = source;
    },
    /** The statuses this caller may move the order to now, from the same table `transition` checks. */
    allowedNext(order: { status: string }, actor: Pick<OrderActor, 'role'>): OrderStatusCode[] {
      return nextStatusesFor(order.status, actor.role);
    },
    statuses: orderStatusList,

    // ---------- a checkout's orders (`orders.checkout.ts`) ----------
    createFromCheckout: bound(ctx, createFromCheckout),
    applyGiftCards,
    customerTracker: bound(ctx, customerTracker),
    customerTrackerWithContents: bound(ctx, customerTrackerWithContents),
    /** `customerTrackerWithContents` as a part of a read of several modules; undefined: no such checkout. */
    customerTrackerWithContentsPart: (customerId: string, reference: string) =>
      repository.customerTrackerWithContentsPart(reference, customerId),
    ...trackerReads,
    trackerView,
    markPaid: bound(ctx, markPaid),
    closeUnpaid: bound(ctx, closeUnpaid),
    markRefundDue,
    /**
     * Late payments owed back whose back-off has run out at `at`, and those whose refund's outcome was not recorded
     * by `askBefore` (ADR 080, 088).
     */
    refundsDue: (at: Date, askBefore: Date, limit: number) =>
      repository.trackersWithRefundDue(db, at, askBefore, limit),
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
    createReplacement: bound(ctx, createReplacement),

    ...orderReads,
    // ---------- the customer's (`orders.customer.ts`) ----------
    listForCustomer: bound(ctx, listForCustomer),
    oneForCustomer: bound(ctx, oneForCustomer),
    receiptForCustomer: bound(ctx, receiptForCustomer),
    publicTracking: bound(ctx, publicTracking),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

/** Paid orders of the store waiting for it to accept them (its dashboard). */
export function storeOrdersToAccept(executor: Db, storeId: string): Promise<number> {
  return repository.countStoreOrdersInStatus(executor, storeId, 'pending');
}

/** A customer who has never paid for an order (coupons for first-time customers). */
export async function isFirstTimeCustomer(executor: Db, customerId: string): Promise<boolean> {
  return !(await repository.hasPaidOrder(executor, customerId));
}
