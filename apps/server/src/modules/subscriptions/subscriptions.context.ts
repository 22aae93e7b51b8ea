import type { Invoice, Plan } from '@market/contracts';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import type { PaymentsService } from '../payments/index.js';
import {
  findDefaultPlan,
  findPlan,
  findSubscription,
  type InvoiceRow,
  type PlanRow,
  type SubscriptionRow,
} from './subscriptions.repository.js';

// What the subscriptions service's functions share (ADR 091, 102): the platform, what other modules lend it, the
// renewal's timings, and the plan in force.

export const SUBSCRIPTION_PREFIX = 'SUB';
/** The saved card is charged this long before the period ends. */
export const RENEW_AHEAD_MS = 24 * 60 * 60 * 1000;
/** Failed automatic charges per period, and the wait after each before the next (then the plan lapses). */
export const RENEWAL_BACKOFF_MINUTES = [60, 4 * 60] as const;
export const MAX_RENEWAL_ATTEMPTS = RENEWAL_BACKOFF_MINUTES.length + 1;

/**
 * What subscriptions is handed: the payments module's service, built with its provider and purposes. The payer's
 * e-mail and the store owner it reads through the auth and stores modules' index.
 */
export interface SubscriptionsNeeds {
  payments: PaymentsService;
}

/** What the subscriptions service's functions work with. */
export interface SubscriptionsContext {
  deps: Deps;
  db: Db;
  needs: SubscriptionsNeeds;
  payments: PaymentsService;
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

export function toInvoice(row: InvoiceRow): Invoice {
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

export const isLive = (subscription: SubscriptionRow | undefined, at: Date) =>
  subscription !== undefined && subscription.currentPeriodEnd > at;

async function defaultPlan(executor: Db): Promise<PlanRow> {
  const found = await findDefaultPlan(executor);
  // The migration seeds one and plan changes never leave none; a database without it is a deployment fault.
  if (!found)
    throw new Error('No default plan: seed the plans table (migration store_policies_bank_subscriptions)');
  return found;
}

/** The plan whose limits apply to the store now: its paid plan while the period runs, else the default. */
export async function effectivePlan(
  ctx: SubscriptionsContext,
  executor: Db,
  storeId: string,
): Promise<PlanRow> {
  return planInForce(executor, storeId, ctx.deps.now());
}

/** The plan whose limits apply to the store at `at`: its paid plan while the period runs, else the default. */
export async function planInForce(executor: Db, storeId: string, at: Date): Promise<PlanRow> {
  const subscription = await findSubscription(executor, storeId);
  if (isLive(subscription, at)) {
    const paid = await findPlan(executor, subscription!.planId);
    if (paid) return paid;
  }
  return defaultPlan(executor);
}
