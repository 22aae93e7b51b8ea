import {
  type CreatePlanInput,
  INVOICE_NOT_FOUND,
  type Invoice,
  PLAN_NOT_FOUND,
  type Plan,
  type StoreSubscription,
  type UpdatePlanInput,
} from '@market/contracts';
import type { Db } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { Deps } from '../../platform/deps.js';
import { conflict, notFound } from '../../platform/errors.js';
import type { StoreActor } from '../../platform/http/routes.js';
import type { PaymentPurpose, PaymentsService } from '../payments/index.js';
import {
  clearDefaultPlan,
  findDefaultPlan,
  findInvoiceByReference,
  findPlan,
  findSubscription,
  type InvoiceRow,
  insertInvoice,
  insertPlan,
  listInvoices,
  listPlans,
  lockPlans,
  lockSubscription,
  type PlanRow,
  type SubscriptionRow,
  saveSubscription,
  updateInvoice,
  updatePlan,
} from './subscriptions.repository.js';

export const SUBSCRIPTION_PREFIX = 'SUB';

export interface SubscriptionsNeeds {
  payments: PaymentsService;
  /** The payer's e-mail (Paystack sends the receipt there); from the auth module. */
  emailOf(userId: string): Promise<string | undefined>;
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
    commissionBasisPoints: row.commissionBasisPoints,
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
    },
    async onFailed(executor, reference) {
      const invoice = await findInvoiceByReference(executor, reference, true);
      if (invoice?.status === 'pending') await updateInvoice(executor, invoice.id, { status: 'failed' });
    },
  };
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
              }
            : null,
      };
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

    async invoices(storeId: string): Promise<{ count: number; rows: Invoice[] }> {
      const rows = await listInvoices(db, storeId);
      return { count: rows.length, rows: rows.map(toInvoice) };
    },

    /** For the catalog's product-create check: the plan in force and its product limit (null: none). */
    async productLimit(executor: Db, storeId: string): Promise<{ planName: string; limit: number | null }> {
      const plan = await effectivePlan(executor, storeId);
      return { planName: plan.name, limit: plan.productLimit };
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
