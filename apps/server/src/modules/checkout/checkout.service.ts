import { bound } from '../../platform/bound.js';
import type { Db } from '../../platform/db/client.js';
import { trackingUrlMaker } from '../../platform/security/tracking-links.js';
import { createOrdersService, type TrackerRow } from '../orders/index.js';
import type { CheckoutContext, CheckoutDeps, LockedForPayment } from './checkout.context.js';
import {
  acceptPricing,
  begin,
  closeUnpaid,
  couponUses,
  couponUsesRefused,
  ensureWithinHeldShare,
  payOnDeliveryChoice,
  recordPayment,
  write,
} from './checkout.open.js';
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

/** A checkout whose 30 minutes passed by `now` without payment, claimed with `skip locked` (several processes). */
async function claimExpired(ctx: CheckoutContext, tx: Db, now: Date): Promise<TrackerRow | undefined> {
  return ctx.orders.claimExpiredTracker(tx, now);
}

/**
 * The checkout's own steps: it prices the cart and has the orders module write the orders; the checkout-and-pay flow
 * calls them in order, with the stock, gift-card and coupon holds between them (ADR 115). Each step is a named
 * function of the checkout's context (ADR 091): opening in `checkout.open.ts`, the payment in `checkout.payment.ts`.
 */
export function createCheckoutService(deps: CheckoutDeps) {
  const ctx: CheckoutContext = {
    deps,
    orders: createOrdersService(deps),
    trackUrlOf: trackingUrlMaker(deps.config),
    lockedForPayment: new WeakMap<Db, LockedForPayment>(),
  };
  return {
    expectedAmountKobo: bound(ctx, expectedAmountKobo),
    lockForPayment: bound(ctx, lockForPayment),
    lockWithPayment: bound(ctx, lockWithPayment),
    closeUnpaid: bound(ctx, closeUnpaid),
    couponUses: bound(ctx, couponUses),
    couponUsesRefused,
    confirmationMail: bound(ctx, confirmationMail),
    // Opening a checkout, step by step (the checkout-and-pay flow calls them in order, in its transaction).
    begin: bound(ctx, begin),
    acceptPricing,
    payOnDeliveryChoice,
    write: bound(ctx, write),
    ensureWithinHeldShare: bound(ctx, ensureWithinHeldShare),
    recordPayment: bound(ctx, recordPayment),
    answerOpened: bound(ctx, answerOpened),
    pay: bound(ctx, pay),
    recordTransaction: bound(ctx, recordTransaction),
    tracker: bound(ctx, trackerOf),
    claimExpired: bound(ctx, claimExpired),
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
