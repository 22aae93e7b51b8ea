import { bound } from '../../platform/bound.js';
import type { Db } from '../../platform/db/client.js';
import { trackingUrlMaker } from '../../platform/security/tracking-links.js';
import {
  type CheckoutContext,
  type CheckoutDeps,
  type LockedForPayment,
  PAYMENT_WINDOW_MINUTES,
} from './checkout.context.js';
import { closeUnpaid, couponUses, open } from './checkout.open.js';
import {
  answerOpened,
  confirmationMail,
  expectedAmountKobo,
  lockForPayment,
  lockWithPayment,
  pay,
  recordTransaction,
  trackerOf,
} from './checkout.payment.js';
import type { CheckoutPorts } from './checkout.ports.js';
import { LATE_REFUND_ASK_AFTER_MS, refundLatePayment, settleLateRefundFromWebhook } from './late-refunds.js';

export {
  CHECKOUT_PREFIX,
  type CheckoutDeps,
  type OpenedCheckout,
  PAYMENT_WINDOW_MINUTES,
} from './checkout.context.js';
export { paidNotices } from './checkout.notices.js';
export {
  EXPIRED_CHECKOUTS_BEFORE_PAUSE,
  HOLD_PAUSE_HOURS,
  heldShare,
  holdLimit,
  MAX_HELD_UNITS,
  MAX_HELD_UNITS_PER_ITEM,
} from './checkout.rules.js';

/**
 * Closes checkouts whose 30 minutes passed without payment and refunds money that arrived after a checkout
 * closed. Safe to run from several processes: each tracker is claimed with `skip locked`.
 */
async function sweep(ctx: CheckoutContext): Promise<{ expired: number; refunded: number }> {
  const { deps, ports } = ctx;
  const { db } = deps;
  const { orders } = ports;
  const now = deps.now();
  let expired = 0;
  for (;;) {
    const closedOne = await db.transaction(async (tx) => {
      const stale = await orders.claimExpiredTracker(tx, now);
      if (!stale) return false;
      await closeUnpaid(
        ctx,
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
}

/**
 * The checkout flow: prices the cart, takes stock and gift-card money, and has the orders module write the orders.
 * Each step is a named function of the checkout's context (ADR 091): opening in `checkout.open.ts`, the payment in
 * `checkout.payment.ts`.
 */
export function createCheckoutService(deps: CheckoutDeps, ports: CheckoutPorts) {
  const ctx: CheckoutContext = {
    deps,
    ports,
    trackUrlOf: trackingUrlMaker(deps.config),
    lockedForPayment: new WeakMap<Db, LockedForPayment>(),
  };
  return {
    expectedAmountKobo: bound(ctx, expectedAmountKobo),
    lockForPayment: bound(ctx, lockForPayment),
    lockWithPayment: bound(ctx, lockWithPayment),
    closeUnpaid: bound(ctx, closeUnpaid),
    couponUses: bound(ctx, couponUses),
    confirmationMail: bound(ctx, confirmationMail),
    async simulate(customerId: string, addressId?: string) {
      return ports.cart.toCartState(await ports.cart.price(deps.db, customerId, { addressId }));
    },
    open: bound(ctx, open),
    answerOpened: bound(ctx, answerOpened),
    pay: bound(ctx, pay),
    recordTransaction: bound(ctx, recordTransaction),
    tracker: bound(ctx, trackerOf),
    sweep: () => sweep(ctx),
    /** A refund.* webhook no order refund claimed: a late payment's refund it settles, if any (ADR 080). */
    settleLateRefund: (event: Parameters<typeof settleLateRefundFromWebhook>[1]) =>
      settleLateRefundFromWebhook({ deps, orders: ports.orders, payments: deps.payments }, event),
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
