import {
  type CreatePlanInput,
  INVOICE_NOT_FOUND,
  type Invoice,
  type InvoiceList,
  NO_PAID_PLAN,
  PLAN_NOT_FOUND,
  type Plan,
  type StoreSubscription,
  type UpdatePlanInput,
} from '@market/contracts';
import type { Db } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import type { StoreActor } from '../../platform/http/routes.js';
import { outcomeUnknown } from '../../platform/payments/paystack-http.js';
import type { PaymentPurpose, PaymentState, PaymentsService } from '../payments/index.js';
import {
  cancelOpenCheckouts,
  clearDefaultPlan,
  findDefaultPlan,
  findInvoiceByReference,
  findLiveRenewal,
  findPlan,
  findSubscription,
  type InvoiceRow,
  insertInvoice,
  insertPlan,
  lastPayer,
  listDueRenewals,
  listInvoices,
  listPlans,
  lockPlans,
  lockSubscription,
  type PlanRow,
  type SubscriptionRow,
  saveSubscription,
  updateInvoice,
  updatePlan,
  updateSubscription,
} from './subscriptions.repository.js';

export const SUBSCRIPTION_PREFIX = 'SUB';
/** The saved card is charged this long before the period ends. */
export const RENEW_AHEAD_MS = 24 * 60 * 60 * 1000;
/** Failed automatic charges per period, and the wait after each before the next (then the plan lapses). */
export const RENEWAL_BACKOFF_MINUTES = [60, 4 * 60] as const;
export const MAX_RENEWAL_ATTEMPTS = RENEWAL_BACKOFF_MINUTES.length + 1;
const STALE_RENEWAL_MS = 10 * 60 * 1000;

export interface SubscriptionsNeeds {
  payments: PaymentsService;
  /** The payer's e-mail (Paystack sends the receipt there); from the auth module. */
  emailOf(userId: string): Promise<string | undefined>;
  /** The store owner, mailed when an automatic renewal fails; from the stores and auth modules. */
  storeOwner(
    executor: Db,
    storeId: string,
  ): Promise<{ email: string; firstName: string; storeName: string } | undefined>;
}

function mailDate(at: Date): string {
  return at.toLocaleString('en-NG', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Africa/Lagos' });
}

/** The same day of the next month in UTC, or its last day when it has fewer days (31 January → 28 February). */
export function addMonthUtc(from: Date): Date {
  const next = new Date(from);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

export function toPlan(row: PlanRow): Plan {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    summary: row.summary,
    includes: row.includes,
    monthlyPriceKobo: row.monthlyPriceKobo,
    productLimit: row.productLimit,
    isDefault: row.isDefault,
    isActive: row.isActive,
    sortOrder: row.sortOrder,
  };
}

function toInvoice(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    reference: row.reference,
    planId: row.planId,
    planName: row.planName,
    amountKobo: row.amountKobo,
    periodStart: row.periodStart.toISOString(),
    periodEnd: row.periodEnd.toISOString(),
    status: row.status,
    paidAt: row.paidAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createSubscriptionsService(deps: Deps, needs: SubscriptionsNeeds) {
  const { db } = deps;
  const { payments } = needs;

  const isLive = (subscription: SubscriptionRow | undefined, at: Date) =>
    subscription !== undefined && subscription.currentPeriodEnd > at;

  /** Whether the renewal job should charge the saved card now. */
  const renewalDue = (subscription: SubscriptionRow, at: Date) =>
    subscription.autoRenew &&
    subscription.authorizationCode !== null &&
    subscription.authorizationEmail !== null &&
    isLive(subscription, at) &&
    subscription.currentPeriodEnd.getTime() - at.getTime() <= RENEW_AHEAD_MS &&
    subscription.renewalAttempts < MAX_RENEWAL_ATTEMPTS &&
    (subscription.nextRenewalAttemptAt === null || subscription.nextRenewalAttemptAt <= at);

  async function defaultPlan(executor: Db): Promise<PlanRow> {
    const found = await findDefaultPlan(executor);
    // The migration seeds one and plan changes never leave none; a database without it is a deployment fault.
    if (!found)
      throw new Error('No default plan: seed the plans table (migration store_policies_bank_subscriptions)');
    return found;
  }

  /** The plan whose limits apply to the store now: its paid plan while the period runs, else the default. */
  async function effectivePlan(executor: Db, storeId: string): Promise<PlanRow> {
    const subscription = await findSubscription(executor, storeId);
    if (isLive(subscription, deps.now())) {
      const paid = await findPlan(executor, subscription!.planId);
      if (paid) return paid;
    }
    return defaultPlan(executor);
  }

  /**
   * Applies a paid invoice: the same plan extends from the end of the running period; another plan (or an expired
   * one) starts when the payment lands. Runs once per invoice, inside the payment's transaction.
   */
  async function applyPaid(executor: Db, invoice: InvoiceRow, paidAt: Date): Promise<InvoiceRow> {
    const current = await lockSubscription(executor, invoice.storeId);
    const extends_ = current && current.planId === invoice.planId && current.currentPeriodEnd > paidAt;
    const start = extends_ ? current.currentPeriodEnd : paidAt;
    const end = addMonthUtc(start);
    await saveSubscription(executor, {
      storeId: invoice.storeId,
      planId: invoice.planId,
      currentPeriodStart: extends_ ? current.currentPeriodStart : start,
      currentPeriodEnd: end,
      createdAt: paidAt,
      updatedAt: paidAt,
    });
    return updateInvoice(executor, invoice.id, {
      status: 'paid',
      paidAt,
      periodStart: start,
      periodEnd: end,
    });
  }

  const purpose: PaymentPurpose = {
    prefix: SUBSCRIPTION_PREFIX,
    async expectedAmountKobo(executor, reference) {
      return (await findInvoiceByReference(executor, reference))?.amountKobo;
    },
    async onPaid(executor, reference, verification) {
      const invoice = await findInvoiceByReference(executor, reference, true);
      if (!invoice || invoice.status === 'paid') return;
      await applyPaid(executor, invoice, verification.paidAt ?? deps.now());
      // A paid month starts the failure count again; a card the provider lets us charge again is kept for renewals.
      await updateSubscription(executor, invoice.storeId, {
        renewalAttempts: 0,
        nextRenewalAttemptAt: null,
        ...(verification.reusableAuthorization && verification.customerEmail
          ? {
              authorizationCode: verification.reusableAuthorization,
              authorizationEmail: verification.customerEmail,
              cardBrand: verification.card?.type ?? null,
              cardLast4: verification.card?.last4 ?? null,
            }
          : {}),
      });
    },
    async onFailed(executor, reference, verification) {
      const invoice = await findInvoiceByReference(executor, reference, true);
      if (invoice?.status !== 'pending') return;
      await updateInvoice(executor, invoice.id, { status: 'failed' });
      if (invoice.renewsPeriodEnd) await renewalFailed(executor, invoice, verification.gatewayResponse);
    },
  };

  /** Counts a failed automatic charge, sets when to try again (or not), and tells the owner, all in one transaction. */
  async function renewalFailed(executor: Db, invoice: InvoiceRow, reason: string | null): Promise<void> {
    const at = deps.now();
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
    const owner = await needs.storeOwner(executor, invoice.storeId);
    if (!owner) return;
    await deps.mailer.send(executor, {
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
   * Raises the next month's invoice for one store and charges its saved card, once per period: the subscription row
   * is locked while the invoice is raised, and a unique index allows one pending or paid renewal per period.
   */
  async function renewStore(storeId: string): Promise<'skipped' | PaymentState['status']> {
    const at = deps.now();
    const raised = await db.transaction(async (tx) => {
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
        reference: payments.newReference(SUBSCRIPTION_PREFIX),
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
    if (!raised) return 'skipped';
    if (raised.existing) {
      const pending = raised.existing;
      // Raised earlier and not settled (the process stopped mid-charge, or the provider has not answered yet).
      // A fresh one is another run's charge still in flight; only one left for STALE_RENEWAL_MS is looked into.
      if (pending.status !== 'pending' || pending.createdAt.getTime() > at.getTime() - STALE_RENEWAL_MS)
        return 'skipped';
      const found = await payments.find(db, pending.reference);
      if (!found) {
        // The charge was never recorded, so never sent: the invoice failed and the back-off applies.
        await db.transaction(async (tx) => {
          await updateInvoice(tx, pending.id, { status: 'failed' });
          await renewalFailed(tx, pending, null);
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
          await renewalFailed(tx, invoice, null);
        });
        return 'failed';
      }
    }
    const state = await payments.chargeSaved({
      reference: raised.invoice!.reference,
      amountKobo: raised.invoice!.amountKobo,
      email: raised.email!,
      authorizationCode: raised.authorizationCode!,
      metadata: { purpose: 'subscription', storeId, planCode: raised.planCode, renewal: true },
    });
    return state.status;
  }
  payments.registerPurpose(purpose);

  async function savePlan(write: (tx: Db) => Promise<PlanRow | undefined>): Promise<Plan> {
    try {
      const row = await db.transaction(async (tx) => {
        await lockPlans(tx);
        const saved = await write(tx);
        if (!saved) throw notFound(PLAN_NOT_FOUND);
        if (!(await findDefaultPlan(tx)))
          throw conflict('One plan must stay the default: make another plan the default first');
        return saved;
      });
      return toPlan(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('A plan with this code already exists');
      throw error;
    }
  }

  return {
    purpose,

    // ---------- plans ----------

    async plans(onlyActive: boolean): Promise<Plan[]> {
      return (await listPlans(db, onlyActive)).map(toPlan);
    },

    createPlan(body: CreatePlanInput): Promise<Plan> {
      const at = deps.now();
      return savePlan(async (tx) => {
        if (body.isDefault) await clearDefaultPlan(tx, at);
        return insertPlan(tx, {
          ...body,
          isActive: body.isActive || body.isDefault,
          createdAt: at,
          updatedAt: at,
        });
      });
    },

    updatePlan(id: string, body: UpdatePlanInput): Promise<Plan> {
      const at = deps.now();
      return savePlan(async (tx) => {
        const current = await findPlan(tx, id);
        if (!current) return undefined;
        if (
          (body.isActive === false && (body.isDefault ?? current.isDefault)) ||
          (body.isDefault && body.isActive === false)
        )
          throw conflict('The default plan must stay on offer: make another plan the default first');
        if (body.isDefault && !current.isDefault) await clearDefaultPlan(tx, at);
        return updatePlan(tx, id, {
          ...body,
          ...(body.isDefault ? { isActive: true } : {}),
          updatedAt: at,
        });
      });
    },

    // ---------- a store's subscription ----------

    async current(storeId: string): Promise<StoreSubscription> {
      const subscription = await findSubscription(db, storeId);
      const plan = await effectivePlan(db, storeId);
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
    },

    /** Turns automatic renewal on or off; only a store that has had a paid plan has one to renew. */
    async setAutoRenew(storeId: string, autoRenew: boolean): Promise<StoreSubscription> {
      const row = await updateSubscription(db, storeId, { autoRenew, updatedAt: deps.now() });
      if (!row) throw notFound(NO_PAID_PLAN);
      return this.current(storeId);
    },

    /**
     * The renewal job: charges every store whose period ends within a day (auto-renew on, a saved card, no back-off
     * running). Each store in its own transaction; running it twice at once charges each period once.
     */
    async renewDue(): Promise<{ paid: number; failed: number; pending: number }> {
      const at = deps.now();
      const due = await listDueRenewals(
        db,
        at,
        new Date(at.getTime() + RENEW_AHEAD_MS),
        MAX_RENEWAL_ATTEMPTS,
      );
      const counts = { paid: 0, failed: 0, pending: 0 };
      for (const storeId of due) {
        try {
          const outcome = await renewStore(storeId);
          if (outcome === 'success') counts.paid++;
          else if (outcome === 'failed' || outcome === 'abandoned' || outcome === 'mismatch') counts.failed++;
          else if (outcome === 'initialized') counts.pending++;
        } catch (error) {
          // One store's provider trouble must not stop the others; its invoice stays pending and is retried.
          deps.logger.error(
            { storeId, err: error instanceof Error ? `${error.name}: ${error.message}` : String(error) },
            'subscription renewal failed',
          );
        }
      }
      return counts;
    },

    /**
     * Raises an invoice for a month of the plan and starts its payment. The period shown is what it will be if paid
     * now; it is fixed when the money lands. A plan that costs nothing applies at once.
     */
    async subscribe(
      actor: StoreActor,
      planId: string,
    ): Promise<{ invoice: Invoice; authorizationUrl: string | null }> {
      const plan = await findPlan(db, planId);
      if (!plan?.isActive) throw notFound(PLAN_NOT_FOUND);
      const at = deps.now();
      const running = await findSubscription(db, actor.storeId);
      const start =
        running && running.planId === plan.id && isLive(running, at) ? running.currentPeriodEnd : at;
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
        const invoice = await db.transaction(async (tx) =>
          applyPaid(tx, await insertInvoice(tx, values), at),
        );
        return { invoice: toInvoice(invoice), authorizationUrl: null };
      }
      const email = await needs.emailOf(actor.userId);
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
    },

    /** The merchant is back from the payment page: settle (idempotent, like the webhook) and answer the invoice. */
    async verify(actor: StoreActor, reference: string): Promise<Invoice> {
      const invoice = await findInvoiceByReference(db, reference);
      if (!invoice || invoice.storeId !== actor.storeId) throw notFound(INVOICE_NOT_FOUND);
      if (invoice.status !== 'paid') await payments.settle(reference);
      return toInvoice((await findInvoiceByReference(db, reference))!);
    },

    /** The store's invoices, with who issues them as the server is configured (never a web build's constant). */
    async invoices(storeId: string): Promise<InvoiceList> {
      const rows = await listInvoices(db, storeId);
      const { legalName, tin, vatBasisPoints } = deps.config.tax;
      return { count: rows.length, rows: rows.map(toInvoice), issuer: { legalName, tin, vatBasisPoints } };
    },

    /** For the catalog's product-create check: the plan in force and its product limit (null: none). */
    async productLimit(executor: Db, storeId: string): Promise<{ planName: string; limit: number | null }> {
      const plan = await effectivePlan(executor, storeId);
      return { planName: plan.name, limit: plan.productLimit };
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
