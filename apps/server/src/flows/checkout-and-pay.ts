import { checkoutEndpoints } from '@market/contracts';
import { findAccountById, type MailRecipient } from '../modules/auth/index.js';
import type { CartService } from '../modules/cart/index.js';
import { reserveStock, returnStock, type SalesFolder, salesPart } from '../modules/catalog/index.js';
import {
  CHECKOUT_PREFIX,
  type CheckoutService,
  type OpenedCheckout,
  PAYMENT_WINDOW_MINUTES,
  paidNotices,
} from '../modules/checkout/index.js';
import type { CouponsService } from '../modules/coupons/index.js';
import { confirmHolds, holdBalances, releaseHolds } from '../modules/gift-cards/index.js';
import type { LedgerService } from '../modules/ledger/index.js';
import type { OrderActor, OrderRow, OrdersService, TrackerRow } from '../modules/orders/index.js';
import type { PayOnDeliveryService } from '../modules/pay-on-delivery/index.js';
import type { PaymentPurpose, PaymentsService } from '../modules/payments/index.js';
import { bound } from '../platform/bound.js';
import type { Db } from '../platform/db/client.js';
import { writeTogether } from '../platform/db/prepared.js';
import type { Deps } from '../platform/deps.js';
import { AppError } from '../platform/errors.js';
import { type RouteDefinition, route, type SignedInAccount } from '../platform/http/routes.js';
import { type LatePaymentRefunds, refundLatePayments } from './late-payment-refunds.js';

// Flow: checkout and pay (ADR 047, 076). Each step is a module's public function, in the transaction this flow
// owns (check out) or the payment's (pay). Steps that reach outside the database say what undoes or resumes them.
//
// Check out (POST /api/checkout/create), one transaction (`open`):
//   1. begin    checkout.begin: the cart row locked (one open checkout per customer); the open checkouts it
//               replaces are closed unpaid (closeUnpaid below: their stock and money go back first).
//   2. price    cart.price, then checkout.acceptPricing: the cart priced, refused when it cannot be bought as it is.
//   3. door     payOnDelivery.choose: the stores the customer chose to pay at the door, checked and priced.
//   4. write    checkout.write: the tracker and one order per store (orders), the payment with them (payments).
//   5. stock    catalog's reserveStock, then checkout.ensureWithinHeldShare under the products' row locks.
//   6. cards    gift cards' holdBalances: money held on the cards (orders.applyGiftCards: what is left due).
//   7. coupons  coupons.holdRedemptions: one use of each applied coupon held; a refused one refuses the checkout.
//   8. payment  checkout.recordPayment, when it was not written with the checkout (step 4).
//   9. covered  when gift cards cover it all: pay (below), in the same transaction.
// After the commit:
//  10. page     checkout.answerOpened: the provider's payment page (outside the database).
//               Undone by: the sweep (`sweep`), which closes a checkout unpaid after PAYMENT_WINDOW_MINUTES
//               (closeUnpaid: the orders cancelled, stock, gift-card money and coupon uses back). Resumed by:
//               POST /api/checkout/pay, which answers the page the provider gave the first time.
//
// Pay (the provider's payment settled: webhook or the customer's return; the payments module's transaction):
//   1. lock     checkout.lockForPayment: the checkout and its orders, locked with the payment's row (one
//               statement: checkout.lockWithPayment), with the customer the confirmation mail goes to.
//   2. orders   orders.markPaid: pending, with delivery tokens and hand-overs.
//   3. books    ledger.bookPayments: commission from the store's category, the payment in escrow (orders paid
//               at the door are booked when the carrier takes the cash, ADR 074).
//   4. cards    gift cards' confirmHolds: the money held at checkout is spent.
//   5. coupons  coupons.recordRedemptions: the held uses become paid. A refused one rolls 2–4 back (a savepoint),
//               the checkout closes (closeUnpaid) and its money is due back: the sweep refunds it at the
//               provider (payments.refund, outside the database; resumed by the next sweep until it is made).
//   6. writes   one statement: units sold (catalog), the cart lines bought (cart), the confirmation mail (outbox),
//               the orders' moves in the audit trail, and the notices: the stores' new orders and the customer's
//               receipt (notification events).

/** A coupon use that could not be confirmed at payment; rolls the payment's savepoint back. */
class CouponUseRefused extends Error {}

export interface CheckoutAndPayParts {
  deps: Deps;
  checkout: CheckoutService;
  orders: OrdersService;
  cart: Pick<CartService, 'boughtPart' | 'price'>;
  coupons: Pick<CouponsService, 'holdRedemptions' | 'recordRedemptions' | 'releaseRedemptions'>;
  /** Pay on delivery (ADR 074): the stores the customer chose to pay at the door, checked and priced. */
  payOnDelivery: Pick<PayOnDeliveryService, 'choose'>;
  ledger: Pick<LedgerService, 'bookPayments'>;
  /** The checkout's payment; a late payment's refund (flows/late-payment-refunds.ts) is sent and settled through it. */
  payments: Pick<PaymentsService, 'registerPurpose'> & LatePaymentRefunds['payments'];
  /** Units sold reach the products' and stores' counters after the payment commits (ADR 031). */
  salesFolder: SalesFolder;
}

type CheckoutBody = { addressId?: string; orderNote?: string; payOnDeliveryStoreIds?: string[] };

/** Steps 1–8 of check out, in the flow's transaction: the checkout written and everything it holds taken. */
async function open(
  parts: CheckoutAndPayParts,
  tx: Db,
  customerId: string,
  body: CheckoutBody,
  // The customer as the request's session check read them (ADR 037).
  customer: SignedInAccount,
): Promise<OpenedCheckout> {
  const { checkout, orders, coupons } = parts;
  const begun = await checkout.begin(tx, customerId);
  for (const replaced of begun.replaced)
    await closeUnpaid(parts, tx, replaced, 'replaced', 'Replaced by a newer checkout.', {
      role: 'customer',
      id: customerId,
    });
  const pricing = checkout.acceptPricing(
    await parts.cart.price(tx, customerId, { addressId: body.addressId, cart: begun.cart }),
  );
  const chosen = body.payOnDeliveryStoreIds ?? [];
  const podFees =
    chosen.length > 0
      ? await parts.payOnDelivery.choose(tx, checkout.payOnDeliveryChoice(customerId, pricing, chosen))
      : new Map<string, number>();
  const written = await checkout.write(tx, {
    customerId,
    orderNote: body.orderNote,
    customer,
    pricing,
    podFees,
    expiresAt: begun.expiresAt,
  });
  // The stock is taken after the checkout's own rows are written (ADR 031): the product rows every buyer of a
  // product shares are locked for as short a time as possible, from here to the commit.
  const left = await reserveStock(tx, written.reservations);
  await checkout.ensureWithinHeldShare(tx, pricing, left);
  let tracker = written.tracker;
  if (pricing.giftCards.length > 0 && tracker.amountDueKobo > 0) {
    // Holding is atomic per card: two checkouts spending one card at once never take more than its balance.
    const { heldKobo } = await holdBalances(tx, {
      trackerId: tracker.id,
      customerId,
      cardIds: pricing.giftCards.map((card) => card.id),
      amountKobo: tracker.amountDueKobo,
    });
    tracker = await orders.applyGiftCards(tx, tracker.id, heldKobo);
  }
  const applied = await checkout.couponUses(tx, tracker, written.written.orders);
  if (applied.length > 0) {
    // One use of each coupon is held now, counted with the paid ones under the coupon's row lock.
    const { refused } = await coupons.holdRedemptions(tx, { trackerId: tracker.id, customerId, applied });
    if (refused.length > 0) throw checkout.couponUsesRefused(refused);
  }
  if (tracker.amountDueKobo > 0 && !written.paymentRecorded)
    await checkout.recordPayment(tx, tracker, customer);
  return { tracker, written: written.written };
}

/**
 * Closes an unpaid checkout: its orders cancelled (orders), then its stock (catalog), gift-card money and coupon
 * uses given back, in the caller's transaction.
 */
async function closeUnpaid(
  parts: CheckoutAndPayParts,
  executor: Db,
  tracker: TrackerRow,
  status: 'failed' | 'expired' | 'replaced',
  reason: string,
  actor: OrderActor,
): Promise<void> {
  const released = await parts.checkout.closeUnpaid(executor, tracker, status, reason, actor);
  await returnStock(executor, released);
  await releaseHolds(executor, tracker.id);
  await parts.coupons.releaseRedemptions(executor, tracker.id);
}

/**
 * The timed sweep: checkouts whose payment window passed are closed unpaid, one transaction each (claimed with
 * `skip locked`, so several processes may run it); then money that arrived after its checkout closed is refunded.
 */
async function sweep(parts: CheckoutAndPayParts): Promise<{ expired: number; refunded: number }> {
  const { deps, checkout } = parts;
  const now = deps.now();
  let expired = 0;
  for (;;) {
    const closedOne = await deps.db.transaction(async (tx) => {
      const stale = await checkout.claimExpired(tx, now);
      if (!stale) return false;
      await closeUnpaid(
        parts,
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
  return { expired, refunded: await refundLatePayments(parts, now) };
}

async function checkOut(
  parts: CheckoutAndPayParts,
  customerId: string,
  body: CheckoutBody,
  customer: SignedInAccount,
) {
  const { deps, checkout, orders } = parts;
  const opened = await deps.db.transaction(async (tx): Promise<OpenedCheckout> => {
    const opened = await open(parts, tx, customerId, body, customer);
    if (opened.tracker.amountDueKobo > 0) return opened;
    // The customer as the request's session check read them (ADR 037): the confirmation mail's recipient.
    const outcome = await pay(parts, tx, opened.tracker, customer);
    if (!outcome.paid) throw new AppError('CONFLICT', `Failed to create order: ${outcome.reason}`);
    return { tracker: (await orders.findTracker(tx, { id: opened.tracker.id }))! };
  });
  return checkout.answerOpened(opened, customer);
}

/**
 * Payment confirmed (or gift cards covered everything). If a coupon use cannot be confirmed (a checkout from
 * before holds whose coupon filled up meanwhile) nothing is marked paid and the caller closes the checkout.
 */
async function pay(
  parts: CheckoutAndPayParts,
  executor: Db,
  tracker: TrackerRow,
  recipient?: MailRecipient,
): Promise<{ paid: true } | { paid: false; reason: string }> {
  const { orders } = parts;
  // The orders the payment locked with the checkout (ADR 087), taken before a savepoint: it is another executor.
  const locked = orders.takeLockedOrders(executor, tracker.id);
  // Only a discounted checkout has coupon uses that may be refused: it alone needs the savepoint (ADR 033).
  if (tracker.discountTotalKobo === 0) return paySteps(parts, executor, tracker, locked, recipient);
  try {
    return await executor.transaction((tx) => paySteps(parts, tx, tracker, locked, recipient));
  } catch (error) {
    if (error instanceof CouponUseRefused) return { paid: false, reason: error.message };
    throw error;
  }
}

async function paySteps(
  parts: CheckoutAndPayParts,
  tx: Db,
  tracker: TrackerRow,
  locked?: OrderRow[],
  recipient?: MailRecipient,
): Promise<{ paid: true }> {
  const { deps, checkout, orders } = parts;
  const { orders: paidOrders, items, audit } = await orders.markPaid(tx, tracker, locked);
  // Each order's commission and due amount, for all the checkout's orders at once (ADR 027, 033).
  // An order paid at the door is booked when its carrier takes the cash (the pay-on-delivery flow, ADR 074).
  const paidOnline = paidOrders.filter((order) => order.paymentMethod !== 'on_delivery');
  if (paidOnline.length > 0) await parts.ledger.bookPayments(tx, paidOnline);
  // The coupon uses are read from the orders just locked, not from a second read of them.
  const applied = await checkout.couponUses(tx, tracker, paidOrders);
  if (applied.length > 0 && tracker.discountTotalKobo === 0)
    throw new Error(`Checkout ${tracker.reference} has coupon uses but no discount`);
  // Holds exist only when gift cards paid part of it (ADR 031: no statements for what is not there).
  if (tracker.giftCardKobo > 0) await confirmHolds(tx, tracker.id);
  // Coupon rows are locked after product rows, as check out does (stock, then the coupon hold); the writes
  // below lock no product row.
  if (applied.length > 0) {
    const { refused } = await parts.coupons.recordRedemptions(tx, {
      trackerId: tracker.id,
      customerId: tracker.customerId,
      applied,
    });
    if (refused.length > 0)
      throw new CouponUseRefused(
        refused.map((entry) => `${entry.code ?? 'Discount'}: ${entry.reason}`).join('; '),
      );
  }
  // The mail's recipient as read with the checkout's lock (ADR 087) or by the request's session check; else now.
  const customer = recipient ?? (await findAccountById(tx, tracker.customerId));
  // Five writes, none reading another's rows, sent as one statement (ADR 055): units sold (catalog), the cart lines
  // bought (cart), the confirmation mail (outbox), the orders' moves in the audit trail, the notification events.
  const sold = items.map(({ productId, variantId, quantity, storeId }) => ({
    productId,
    variantId,
    quantity,
    storeId,
  }));
  await writeTogether(tx, [
    { ...salesPart(sold), after: () => parts.salesFolder.soon() },
    parts.cart.boughtPart(
      tracker.customerId,
      items.map((item) => ({ productId: item.productId, variantId: item.variantId })),
    ),
    ...(customer ? [checkout.confirmationMail(tracker, paidOrders, customer)] : []),
    audit,
    deps.events.part(paidNotices(tracker, paidOrders, items)),
  ]);
  return { paid: true };
}

/** The checkout's payment settled (webhook or the customer's return), in the payments module's transaction. */
function checkoutPurpose(parts: CheckoutAndPayParts): PaymentPurpose {
  const { deps, checkout, orders } = parts;
  return {
    prefix: CHECKOUT_PREFIX,
    expectedAmountKobo: checkout.expectedAmountKobo,
    // The checkout and its orders locked, and the customer read, in the statement that locks the payment (ADR 087).
    lockWithPayment: checkout.lockWithPayment,
    async onPaid(executor, reference) {
      const locked = await checkout.lockForPayment(executor, reference);
      if (!locked || locked.tracker.status === 'paid') return;
      const { tracker, recipient } = locked;
      if (tracker.status !== 'awaiting_payment') {
        // The money came after the checkout closed and its stock went back: it is refunded by the sweeper.
        await orders.markRefundDue(executor, tracker);
        deps.logger.warn({ reference }, 'payment for a closed checkout; it will be refunded');
        return;
      }
      const outcome = await pay(parts, executor, tracker, recipient);
      if (outcome.paid) return;
      // Never more discounted paid orders than the coupon allows: this payment goes back instead.
      await closeUnpaid(
        parts,
        executor,
        tracker,
        'failed',
        `A discount could not be honoured (${outcome.reason}).`,
        {
          role: 'payment',
          id: null,
        },
      );
      await orders.markRefundDue(executor, (await orders.findTracker(executor, { id: tracker.id }))!);
      deps.logger.warn({ reference, reason: outcome.reason }, 'coupon use refused at payment; refund due');
    },
    async onFailed(_executor, reference) {
      // A declined card or a wrong OTP is one attempt, not the end of the checkout: the customer may try again on
      // the same payment page until the checkout expires (its stock stays reserved; the sweeper closes it then).
      deps.logger.info({ reference }, 'payment attempt failed; the checkout stays open for another try');
    },
  };
}

/** Wires the flow: its purpose registered with payments, its route, and its steps bound to the parts. */
export function createCheckoutAndPay(parts: CheckoutAndPayParts) {
  const { deps } = parts;
  parts.payments.registerPurpose(checkoutPurpose(parts));

  const routes: RouteDefinition[] = [
    route(checkoutEndpoints.create, async ({ auth, body, ip }) => {
      // Every checkout reserves stock: limited per customer (and per address), before any work is done.
      await deps.rateLimits.consume('create-order', { ip, account: auth.userId });
      return {
        message: 'Order created. Complete the payment to place it.',
        data: await checkOut(parts, auth.userId, body, auth.account),
      };
    }),
  ];
  return {
    service: { checkOut: bound(parts, checkOut), pay: bound(parts, pay), sweep: () => sweep(parts) },
    routes,
  };
}
