import { bound } from '../../platform/bound.js';
import type { Deps } from '../../platform/deps.js';
import type { SubscriptionsContext, SubscriptionsNeeds } from './subscriptions.context.js';
import { subscriptionPurpose } from './subscriptions.payments.js';
import { createPlan, plans, updatePlan } from './subscriptions.plans.js';
import { renewDue } from './subscriptions.renewal.js';
import { current, invoices, productLimit, setAutoRenew, subscribe, verify } from './subscriptions.store.js';

export type { SubscriptionsNeeds } from './subscriptions.context.js';
export {
  addMonthUtc,
  MAX_RENEWAL_ATTEMPTS,
  RENEW_AHEAD_MS,
  RENEWAL_BACKOFF_MINUTES,
  SUBSCRIPTION_PREFIX,
  toPlan,
} from './subscriptions.context.js';

/**
 * Plans and a store's monthly subscription. Named functions of a `SubscriptionsContext` (ADR 091, 102) in files by
 * concern: the context, timings and plan in force (`subscriptions.context.ts`), the plans (`subscriptions.plans.ts`),
 * a store's subscription and invoices (`subscriptions.store.ts`), the payment purpose (`subscriptions.payments.ts`),
 * the automatic renewal (`subscriptions.renewal.ts`); bound here.
 */
export function createSubscriptionsService(deps: Deps, needs: SubscriptionsNeeds) {
  const ctx: SubscriptionsContext = { deps, db: deps.db, needs, payments: needs.payments };
  const purpose = subscriptionPurpose(ctx);
  ctx.payments.registerPurpose(purpose);
  return {
    purpose,
    plans: bound(ctx, plans),
    createPlan: bound(ctx, createPlan),
    updatePlan: bound(ctx, updatePlan),
    current: bound(ctx, current),
    setAutoRenew: bound(ctx, setAutoRenew),
    renewDue: bound(ctx, renewDue),
    subscribe: bound(ctx, subscribe),
    verify: bound(ctx, verify),
    invoices: bound(ctx, invoices),
    productLimit: bound(ctx, productLimit),
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
