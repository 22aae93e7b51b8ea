import { formatNaira, koboToNaira, type Transaction } from '@market/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { type ReadPart, readTogether, type StatementPart } from '../../platform/db/prepared.js';
import { conflict, notFound } from '../../platform/errors.js';
import type { SignedInAccount } from '../../platform/http/routes.js';
import { type MailRecipient, mailRecipientPart } from '../auth/index.js';
import { checkoutCustomers, type OrderRow, type TrackerRow } from '../orders/index.js';
import type { CheckoutContext, LockedForPayment, OpenedCheckout } from './checkout.context.js';
import { confirmationSubject } from './checkout.rules.js';

// A checkout's payment (ADR 091: named functions of the checkout's context, bound by `createCheckoutService`): the
// provider's page, the amount it must come to and the checkout it pays, the confirmation mail, the payer's return.

/**
 * The customer of the checkout `reference` (the `reference` placeholder) as an SQL `uuid`, for the mail's part of the
 * statement that locks the payment (ADR 087): the orders module's read model `checkout_customers` (issue 30).
 */
const checkoutCustomerId = () =>
  sql`(select ${checkoutCustomers.customerId} from ${checkoutCustomers} where ${checkoutCustomers.reference} = ${sql.placeholder('reference')})`;

/**
 * The checkout's rows to lock with its payment's row, in the statement that locks it (ADR 087): the checkout and its
 * orders, then the customer its confirmation mail goes to (read, not locked); what they read is kept for
 * `expectedAmountKobo` and `lockForPayment` in the transaction `executor`.
 */
export function lockWithPayment(ctx: CheckoutContext, executor: Db, reference: string): ReadPart<unknown>[] {
  const { orders, lockedForPayment } = ctx;
  const tracker = orders.lockTrackerForPaymentPart(executor, reference);
  const recipient = mailRecipientPart(checkoutCustomerId(), 'tracker_customer');
  return [
    {
      ...tracker,
      decode: (json) => {
        const locked = tracker.decode(json);
        if (locked) lockedForPayment.set(executor, { tracker: locked });
        return locked;
      },
    },
    {
      ...recipient,
      decode: (json) => {
        const read = recipient.decode(json);
        const kept = lockedForPayment.get(executor);
        if (kept) kept.recipient = read;
        return read;
      },
    },
  ];
}

/**
 * What a checkout's payment must amount to. In the payment's transaction (under its row lock) the tracker is the
 * one locked with the payment's row (`lockWithPayment`), else locked now (payment row, then tracker: the order
 * settling always used) and kept for `lockForPayment`, with the customer its confirmation mail goes to, read in the
 * same statement (ADR 087).
 */
export async function expectedAmountKobo(ctx: CheckoutContext, executor: Db, reference: string) {
  const { deps, orders, lockedForPayment } = ctx;
  const { db } = deps;
  if (executor === db) return (await orders.findTracker(executor, { reference }))?.amountDueKobo;
  const kept = lockedForPayment.get(executor);
  if (kept?.tracker.reference === reference) return kept.tracker.amountDueKobo;
  const { tracker, also: recipient } = await orders.lockTrackerForPayment(
    executor,
    reference,
    mailRecipientPart(checkoutCustomerId(), 'tracker_customer'),
  );
  if (tracker) lockedForPayment.set(executor, { tracker, recipient });
  return tracker?.amountDueKobo;
}

/**
 * The checkout a settled payment pays, locked: the one `expectedAmountKobo` kept (with its mail's recipient), else
 * locked now.
 */
export async function lockForPayment(
  ctx: CheckoutContext,
  executor: Db,
  reference: string,
): Promise<LockedForPayment | undefined> {
  const { orders, lockedForPayment } = ctx;
  const kept = lockedForPayment.get(executor);
  lockedForPayment.delete(executor);
  if (kept?.tracker.reference === reference) return kept;
  const tracker = await orders.lockTracker(executor, { reference });
  return tracker ? { tracker } : undefined;
}

/** The customer's confirmation mail of a paid checkout, as one part of the payment's combined write (ADR 055). */
export function confirmationMail(
  ctx: CheckoutContext,
  tracker: TrackerRow,
  paidOrders: OrderRow[],
  customer: MailRecipient,
): StatementPart {
  const { deps, trackUrlOf } = ctx;
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
export function paymentOf(
  tracker: Pick<TrackerRow, 'id' | 'reference' | 'customerId' | 'amountDueKobo'>,
  email: string,
) {
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
export async function startPayment(
  ctx: CheckoutContext,
  tracker: TrackerRow,
  email: string,
  recorded = false,
) {
  const { deps, orders } = ctx;
  const { db } = deps;
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

export function paymentAnswer(tracker: TrackerRow, authorizationUrl: string | null) {
  return {
    trackerId: tracker.id,
    reference: tracker.reference,
    authorizationUrl,
    amountDue: koboToNaira(tracker.amountDueKobo),
  };
}

/**
 * Step "page" of the flow, after its transaction committed: the provider's page for a checkout with an amount
 * due (no lock is held while the network answers), and the checkout as the customer sees it.
 */
export async function answerOpened(
  ctx: CheckoutContext,
  { tracker, written }: OpenedCheckout,
  customer: SignedInAccount,
) {
  const { deps, orders } = ctx;
  const { db } = deps;
  const { authorizationUrl } =
    tracker.status === 'paid'
      ? { authorizationUrl: null }
      : await startPayment(ctx, tracker, customer.email, true);
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
}

export async function pay(
  ctx: CheckoutContext,
  customerId: string,
  trackerId: string,
  account: SignedInAccount,
) {
  const { orders } = ctx;
  const tracker = await orders.customerTracker(customerId, { id: trackerId });
  const { authorizationUrl } = await startPayment(ctx, tracker, account.email);
  return paymentAnswer(tracker, authorizationUrl);
}

/** The customer's return: the server asks the provider itself; the browser's word is never enough. */
export async function recordTransaction(
  ctx: CheckoutContext,
  customerId: string,
  reference: string,
  account: SignedInAccount,
) {
  const { deps, orders } = ctx;
  const { db } = deps;
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
    owned.tracker.status === 'paid' ? owned : await orders.customerTrackerWithContents(customerId, reference);
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
}

export async function trackerOf(ctx: CheckoutContext, customerId: string, reference: string) {
  const { deps, orders } = ctx;
  const { db } = deps;
  return orders.trackerView(db, await orders.customerTracker(customerId, { reference }));
}
