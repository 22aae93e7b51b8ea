import {
  INVOICE_NOT_FOUND,
  type Invoice,
  type InvoiceList,
  NO_PAID_PLAN,
  PLAN_NOT_FOUND,
  type StoreSubscription,
} from '@market/contracts';
import type { Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import type { StoreActor } from '../../platform/http/routes.js';
import { findAccountById } from '../auth/index.js';
import {
  addMonthUtc,
  effectivePlan,
  isLive,
  MAX_RENEWAL_ATTEMPTS,
  planInForce,
  RENEW_AHEAD_MS,
  SUBSCRIPTION_PREFIX,
  type SubscriptionsContext,
  toInvoice,
  toPlan,
} from './subscriptions.context.js';
import { applyPaid } from './subscriptions.payments.js';
import {
  cancelOpenCheckouts,
  findInvoiceByReference,
  findPlan,
  findSubscription,
  insertInvoice,
  listInvoices,
  updateSubscription,
} from './subscriptions.repository.js';

// A store's subscription as its merchant sees it: the plan in force, subscribing and paying, the invoices.

export async function current(ctx: SubscriptionsContext, storeId: string): Promise<StoreSubscription> {
  const { db, deps } = ctx;
  const subscription = await findSubscription(db, storeId);
  const plan = await effectivePlan(ctx, db, storeId);
  const paidPlan = subscription ? await findPlan(db, subscription.planId) : undefined;
  return {
    plan: toPlan(plan),
    subscription:
      subscription && paidPlan
        ? {
            planId: paidPlan.id,
            planName: paidPlan.name,
            status: isLive(subscription, deps.now()) ? 'active' : 'expired',
            currentPeriodStart: subscription.currentPeriodStart.toISOString(),
            currentPeriodEnd: subscription.currentPeriodEnd.toISOString(),
            autoRenew: subscription.autoRenew,
            renewsAt:
              subscription.autoRenew &&
              subscription.authorizationCode !== null &&
              paidPlan.isActive &&
              subscription.renewalAttempts < MAX_RENEWAL_ATTEMPTS &&
              isLive(subscription, deps.now())
                ? new Date(subscription.currentPeriodEnd.getTime() - RENEW_AHEAD_MS).toISOString()
                : null,
            card:
              subscription.authorizationCode !== null
                ? { brand: subscription.cardBrand, last4: subscription.cardLast4 }
                : null,
          }
        : null,
  };
}

/** Turns automatic renewal on or off; only a store that has had a paid plan has one to renew. */
export async function setAutoRenew(
  ctx: SubscriptionsContext,
  storeId: string,
  autoRenew: boolean,
): Promise<StoreSubscription> {
  const row = await updateSubscription(ctx.db, storeId, { autoRenew, updatedAt: ctx.deps.now() });
  if (!row) throw notFound(NO_PAID_PLAN);
  return current(ctx, storeId);
}

/**
 * Raises an invoice for a month of the plan and starts its payment. The period shown is what it will be if paid
 * now; it is fixed when the money lands. A plan that costs nothing applies at once.
 */
export async function subscribe(
  ctx: SubscriptionsContext,
  actor: StoreActor,
  planId: string,
): Promise<{ invoice: Invoice; authorizationUrl: string | null }> {
  const { db, payments } = ctx;
  const plan = await findPlan(db, planId);
  if (!plan?.isActive) throw notFound(PLAN_NOT_FOUND);
  const at = ctx.deps.now();
  const running = await findSubscription(db, actor.storeId);
  const start = running && running.planId === plan.id && isLive(running, at) ? running.currentPeriodEnd : at;
  const reference = payments.newReference(SUBSCRIPTION_PREFIX);
  const values = {
    storeId: actor.storeId,
    planId: plan.id,
    planName: plan.name,
    amountKobo: plan.monthlyPriceKobo,
    reference,
    periodStart: start,
    periodEnd: addMonthUtc(start),
    createdBy: actor.userId,
    createdAt: at,
  };
  if (plan.monthlyPriceKobo === 0) {
    const invoice = await db.transaction(async (tx) => applyPaid(tx, await insertInvoice(tx, values), at));
    return { invoice: toInvoice(invoice), authorizationUrl: null };
  }
  // The payer's e-mail, where Paystack sends the receipt (the auth module's read).
  const email = (await findAccountById(db, actor.userId))?.email;
  if (!email) throw notFound('Account not found');
  return db.transaction(async (tx) => {
    await cancelOpenCheckouts(tx, actor.storeId);
    const invoice = await insertInvoice(tx, values);
    const { authorizationUrl } = await payments.start(tx, {
      reference,
      amountKobo: plan.monthlyPriceKobo,
      email,
      callbackPath: '/merchant/subscription',
      metadata: { purpose: 'subscription', storeId: actor.storeId, planCode: plan.code },
    });
    return { invoice: toInvoice(invoice), authorizationUrl };
  });
}

/** The merchant is back from the payment page: settle (idempotent, like the webhook) and answer the invoice. */
export async function verify(
  ctx: SubscriptionsContext,
  actor: StoreActor,
  reference: string,
): Promise<Invoice> {
  const invoice = await findInvoiceByReference(ctx.db, reference);
  if (!invoice || invoice.storeId !== actor.storeId) throw notFound(INVOICE_NOT_FOUND);
  if (invoice.status !== 'paid') await ctx.payments.settle(reference);
  return toInvoice((await findInvoiceByReference(ctx.db, reference))!);
}

/** The store's invoices, with who issues them as the server is configured (never a web build's constant). */
export async function invoices(ctx: SubscriptionsContext, storeId: string): Promise<InvoiceList> {
  const rows = await listInvoices(ctx.db, storeId);
  const { legalName, tin, vatBasisPoints } = ctx.deps.config.tax;
  return { count: rows.length, rows: rows.map(toInvoice), issuer: { legalName, tin, vatBasisPoints } };
}

/** For the catalog's product-create check: the plan in force and its product limit (null: none). */
export async function productLimit(
  ctx: SubscriptionsContext,
  executor: Db,
  storeId: string,
): Promise<{ planName: string; limit: number | null }> {
  return storeProductLimit(executor, storeId, ctx.deps.now());
}

/** The catalog's product-create check: the plan in force at `at` and its product limit (null: none). */
export async function storeProductLimit(
  executor: Db,
  storeId: string,
  at: Date,
): Promise<{ planName: string; limit: number | null }> {
  const plan = await planInForce(executor, storeId, at);
  return { planName: plan.name, limit: plan.productLimit };
}
