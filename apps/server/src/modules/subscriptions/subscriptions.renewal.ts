import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { outcomeUnknown } from '../../platform/payments/paystack-http.js';
import type { PaymentState } from '../payments/index.js';
import { storeOwnerContact } from '../stores/index.js';
import {
  addMonthUtc,
  isLive,
  MAX_RENEWAL_ATTEMPTS,
  RENEW_AHEAD_MS,
  RENEWAL_BACKOFF_MINUTES,
  SUBSCRIPTION_PREFIX,
  type SubscriptionsContext,
} from './subscriptions.context.js';
import {
  findInvoiceByReference,
  findLiveRenewal,
  findPlan,
  type InvoiceRow,
  insertInvoice,
  lastPayer,
  listDueRenewals,
  lockSubscription,
  type SubscriptionRow,
  updateInvoice,
  updateSubscription,
} from './subscriptions.repository.js';

// The automatic renewal: the saved card charged a day before the period ends, once per period, with a back-off
// after each failed charge and a mail to the owner.

const STALE_RENEWAL_MS = 10 * 60 * 1000;

type RenewalOutcome = 'skipped' | PaymentState['status'];

/** A renewal raised in the store's locked transaction: a new invoice to charge, or one raised before. */
type Raised =
  | { existing: InvoiceRow; authorizationCode: string | null; email: string | null }
  | {
      existing?: undefined;
      invoice: InvoiceRow;
      authorizationCode: string;
      email: string;
      planCode: string;
    };

function mailDate(at: Date): string {
  return at.toLocaleString('en-NG', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Africa/Lagos' });
}

/** Whether the renewal job should charge the saved card now. */
const renewalDue = (subscription: SubscriptionRow, at: Date) =>
  subscription.autoRenew &&
  subscription.authorizationCode !== null &&
  subscription.authorizationEmail !== null &&
  isLive(subscription, at) &&
  subscription.currentPeriodEnd.getTime() - at.getTime() <= RENEW_AHEAD_MS &&
  subscription.renewalAttempts < MAX_RENEWAL_ATTEMPTS &&
  (subscription.nextRenewalAttemptAt === null || subscription.nextRenewalAttemptAt <= at);

/** Counts a failed automatic charge, sets when to try again (or not), and tells the owner, all in one transaction. */
export async function renewalFailed(
  ctx: SubscriptionsContext,
  executor: Db,
  invoice: InvoiceRow,
  reason: string | null,
): Promise<void> {
  const at = ctx.deps.now();
  const subscription = await lockSubscription(executor, invoice.storeId);
  if (!subscription) return;
  const attempts = subscription.renewalAttempts + 1;
  const waitMinutes = RENEWAL_BACKOFF_MINUTES[attempts - 1];
  const retryAt = waitMinutes === undefined ? null : new Date(at.getTime() + waitMinutes * 60 * 1000);
  const retries = retryAt !== null && retryAt < subscription.currentPeriodEnd;
  await updateSubscription(executor, invoice.storeId, {
    renewalAttempts: retries ? attempts : MAX_RENEWAL_ATTEMPTS,
    nextRenewalAttemptAt: retries ? retryAt : null,
    updatedAt: at,
  });
  const owner = await storeOwnerContact(executor, invoice.storeId);
  if (!owner) return;
  await ctx.deps.mailer.send(executor, {
    to: owner.email,
    subject: `We could not renew the ${invoice.planName} plan of ${owner.storeName}`,
    paragraphs: [
      `Hello ${owner.firstName},`,
      `We tried to charge your saved card for another month of the ${invoice.planName} plan, and the charge did not go through${reason ? ` (${reason})` : ''}.`,
      retries
        ? `We will try again on ${mailDate(retryAt!)}.`
        : `We will not try again. The plan ends on ${mailDate(subscription.currentPeriodEnd)}; your store then moves to the free plan.`,
      'To keep the plan, pay the next month from Subscription in your merchant dashboard.',
    ],
  });
}

/**
 * In the store's locked subscription row: the renewal raised earlier for this period, or a new invoice for the next
 * month; undefined when nothing is due (or the plan was retired, or no one ever paid).
 */
function raiseRenewal(ctx: SubscriptionsContext, storeId: string, at: Date): Promise<Raised | undefined> {
  return ctx.db.transaction(async (tx): Promise<Raised | undefined> => {
    const subscription = await lockSubscription(tx, storeId);
    if (!subscription || !renewalDue(subscription, at)) return undefined;
    const existing = await findLiveRenewal(tx, storeId, subscription.currentPeriodEnd);
    if (existing)
      return {
        existing,
        authorizationCode: subscription.authorizationCode,
        email: subscription.authorizationEmail,
      };
    const plan = await findPlan(tx, subscription.planId);
    // A retired plan is not renewed: the merchant chooses another one.
    if (!plan?.isActive || plan.monthlyPriceKobo < 100) return undefined;
    const payer = await lastPayer(tx, storeId);
    if (!payer) return undefined;
    const invoice = await insertInvoice(tx, {
      storeId,
      planId: plan.id,
      planName: plan.name,
      amountKobo: plan.monthlyPriceKobo,
      reference: ctx.payments.newReference(SUBSCRIPTION_PREFIX),
      periodStart: subscription.currentPeriodEnd,
      periodEnd: addMonthUtc(subscription.currentPeriodEnd),
      renewsPeriodEnd: subscription.currentPeriodEnd,
      createdBy: payer,
      createdAt: at,
    });
    return {
      invoice,
      authorizationCode: subscription.authorizationCode!,
      email: subscription.authorizationEmail!,
      planCode: plan.code,
    };
  });
}

/**
 * A renewal raised earlier and not settled (the process stopped mid-charge, or the provider has not answered yet).
 * A fresh one is another run's charge still in flight; only one left for STALE_RENEWAL_MS is looked into.
 */
async function resumeRenewal(
  ctx: SubscriptionsContext,
  storeId: string,
  raised: Extract<Raised, { existing: InvoiceRow }>,
  at: Date,
): Promise<RenewalOutcome> {
  const { db, payments } = ctx;
  const pending = raised.existing;
  if (pending.status !== 'pending' || pending.createdAt.getTime() > at.getTime() - STALE_RENEWAL_MS)
    return 'skipped';
  const found = await payments.find(db, pending.reference);
  if (!found) {
    // The charge was never recorded, so never sent: the invoice failed and the back-off applies.
    await db.transaction(async (tx) => {
      await updateInvoice(tx, pending.id, { status: 'failed' });
      await renewalFailed(ctx, tx, pending, null);
    });
    return 'failed';
  }
  try {
    return (await payments.settle(pending.reference)).status;
  } catch (error) {
    // Verify did not answer: still unknown, asked again on the next run; nothing is charged meanwhile.
    if (outcomeUnknown(error)) return 'initialized';
    if (!(error instanceof AppError && error.code === 'NOT_FOUND')) throw error;
    if (raised.authorizationCode && raised.email) {
      // The provider never received the charge (ADR 071): sent again under the same reference, which Paystack
      // refuses to charge twice.
      return (
        await payments.chargeSaved({
          reference: pending.reference,
          amountKobo: pending.amountKobo,
          email: raised.email,
          authorizationCode: raised.authorizationCode,
          metadata: { purpose: 'subscription', storeId, renewal: true },
          resend: true,
        })
      ).status;
    }
    // No card left to charge: fail it through the same purpose path.
    await db.transaction(async (tx) => {
      const invoice = await findInvoiceByReference(tx, pending.reference, true);
      if (invoice?.status !== 'pending') return;
      await updateInvoice(tx, invoice.id, { status: 'failed' });
      await renewalFailed(ctx, tx, invoice, null);
    });
    return 'failed';
  }
}

/**
 * Raises the next month's invoice for one store and charges its saved card, once per period: the subscription row
 * is locked while the invoice is raised, and a unique index allows one pending or paid renewal per period.
 */
async function renewStore(ctx: SubscriptionsContext, storeId: string): Promise<RenewalOutcome> {
  const at = ctx.deps.now();
  const raised = await raiseRenewal(ctx, storeId, at);
  if (!raised) return 'skipped';
  if (raised.existing) return resumeRenewal(ctx, storeId, raised, at);
  const state = await ctx.payments.chargeSaved({
    reference: raised.invoice.reference,
    amountKobo: raised.invoice.amountKobo,
    email: raised.email,
    authorizationCode: raised.authorizationCode,
    metadata: { purpose: 'subscription', storeId, planCode: raised.planCode, renewal: true },
  });
  return state.status;
}

/**
 * The renewal job: charges every store whose period ends within a day (auto-renew on, a saved card, no back-off
 * running). Each store in its own transaction; running it twice at once charges each period once.
 */
export async function renewDue(
  ctx: SubscriptionsContext,
): Promise<{ paid: number; failed: number; pending: number }> {
  const at = ctx.deps.now();
  const due = await listDueRenewals(
    ctx.db,
    at,
    new Date(at.getTime() + RENEW_AHEAD_MS),
    MAX_RENEWAL_ATTEMPTS,
  );
  const counts = { paid: 0, failed: 0, pending: 0 };
  for (const storeId of due) {
    try {
      const outcome = await renewStore(ctx, storeId);
      if (outcome === 'success') counts.paid++;
      else if (outcome === 'failed' || outcome === 'abandoned' || outcome === 'mismatch') counts.failed++;
      else if (outcome === 'initialized') counts.pending++;
    } catch (error) {
      // One store's provider trouble must not stop the others; its invoice stays pending and is retried.
      ctx.deps.logger.error(
        { storeId, err: error instanceof Error ? `${error.name}: ${error.message}` : String(error) },
        'subscription renewal failed',
      );
    }
  }
  return counts;
}
