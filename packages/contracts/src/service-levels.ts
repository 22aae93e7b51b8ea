import { z } from 'zod';
import { access } from './access.js';
import { isoDateTime } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { envelope } from './envelope.js';

// Service levels (issue 35): orders that have waited in one status longer than its limit. Jumia's seller rule is
// 48 hours to accept; the others are the platform's own starting points.

export const serviceLevelKinds = [
  'awaiting_acceptance',
  'ready_not_picked_up',
  'in_transit_too_long',
  'out_for_delivery_too_long',
  'return_awaiting_decision',
] as const;
export type ServiceLevelKind = (typeof serviceLevelKinds)[number];

/** The kinds that watch an order's status; the last kind watches a return asked for and not yet decided. */
export const orderServiceLevelKinds = [
  'awaiting_acceptance',
  'ready_not_picked_up',
  'in_transit_too_long',
  'out_for_delivery_too_long',
] as const satisfies readonly ServiceLevelKind[];
export type OrderServiceLevelKind = (typeof orderServiceLevelKinds)[number];

/** Hours an order may stay in the status before it is late, until an admin sets other limits. */
export const DEFAULT_SERVICE_LEVEL_HOURS: Record<ServiceLevelKind, number> = {
  awaiting_acceptance: 48,
  ready_not_picked_up: 24,
  in_transit_too_long: 72,
  out_for_delivery_too_long: 24,
  return_awaiting_decision: 48,
};
/** A limit is whole hours from one hour to 30 days. */
export const SERVICE_LEVEL_HOURS_MIN = 1;
export const SERVICE_LEVEL_HOURS_MAX = 720;
/** The status each order limit watches. */
export const SERVICE_LEVEL_STATUS: Record<OrderServiceLevelKind, string> = {
  awaiting_acceptance: 'pending',
  ready_not_picked_up: 'ready_for_pickup',
  in_transit_too_long: 'in_transit',
  out_for_delivery_too_long: 'out_for_delivery',
};
export const serviceLevelNames: Record<ServiceLevelKind, string> = {
  awaiting_acceptance: 'Waiting for acceptance',
  ready_not_picked_up: 'Ready but not picked up',
  in_transit_too_long: 'In transit',
  out_for_delivery_too_long: 'Out for delivery',
  return_awaiting_decision: 'Return waiting for a decision',
};
export const SERVICE_LEVEL_LIST_MAX = 20;

const limitHours = z
  .number({ error: 'Enter a number of hours' })
  .int('Enter whole hours')
  .min(SERVICE_LEVEL_HOURS_MIN, `At least ${SERVICE_LEVEL_HOURS_MIN} hour`)
  .max(SERVICE_LEVEL_HOURS_MAX, `At most ${SERVICE_LEVEL_HOURS_MAX} hours (30 days)`);

/** Every limit, in hours; all five are sent together. */
export const serviceLevelLimitsBody = z.strictObject({
  awaiting_acceptance: limitHours,
  ready_not_picked_up: limitHours,
  in_transit_too_long: limitHours,
  out_for_delivery_too_long: limitHours,
  return_awaiting_decision: limitHours,
});
export type ServiceLevelLimitsBody = z.infer<typeof serviceLevelLimitsBody>;

export const serviceLevelLimits = z.object({
  limits: serviceLevelLimitsBody,
  /** When an admin last changed them (null: the defaults). */
  updatedAt: isoDateTime.nullable(),
});
export type ServiceLevelLimits = z.infer<typeof serviceLevelLimits>;

export const lateOrder = z.object({
  id: z.string(),
  orderName: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  carrierName: z.string().nullable(),
  /** When the order entered the status it is late in. */
  since: isoDateTime,
  hoursLate: z.number().int(),
});
export type LateOrder = z.infer<typeof lateOrder>;

export const serviceLevelGroup = z.object({
  kind: z.enum(serviceLevelKinds),
  limitHours: z.number().int(),
  /** How many orders are late in this way (all of them, not only those listed). */
  count: z.number().int(),
  /** The longest-waiting first, at most SERVICE_LEVEL_LIST_MAX. */
  orders: z.array(lateOrder),
});
export type ServiceLevelGroup = z.infer<typeof serviceLevelGroup>;

export const serviceLevelsAnswer = z.object({ groups: z.array(serviceLevelGroup), at: isoDateTime });
export type ServiceLevelsAnswer = z.infer<typeof serviceLevelsAnswer>;

export const serviceLevelEndpoints = {
  admin: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/admin/service-levels',
    summary:
      'Late orders across every store by the configured limits (waiting for acceptance, ready but not picked up, in transit, out for delivery); counts and the longest-waiting 20 of each',
    tags: ['Service levels'],
    access: access.admin('orders:read-all'),
    response: envelope(serviceLevelsAnswer),
  }),
  merchant: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/orders/merchant/service-levels',
    summary: "The store's own late orders, by the same limits as the admin's dashboard",
    tags: ['Service levels'],
    access: access.merchant('orders:read'),
    response: envelope(serviceLevelsAnswer),
  }),
  limits: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/admin/service-levels/limits',
    summary: 'The service-level limits in hours, of each kind',
    tags: ['Service levels'],
    access: access.admin('service-levels:manage'),
    response: envelope(serviceLevelLimits),
  }),
  saveLimits: defineEndpoint({
    surface: 'api',
    method: 'PUT',
    path: '/admin/service-levels/limits',
    summary:
      'Change the service-level limits (whole hours, 1 to 720); orders already late are told once, orders late by the new limits are told at the next run',
    tags: ['Service levels'],
    access: access.admin('service-levels:manage'),
    body: serviceLevelLimitsBody,
    response: envelope(serviceLevelLimits),
  }),
};

// ---------- store scorecard ----------

export const SCORECARD_WINDOWS = [30, 90] as const;

export const scorecardWindow = z.object({
  days: z.number().int(),
  /** Paid orders received in the window. */
  orders: z.number().int(),
  /** Mean hours from payment to the store's acceptance, of the orders accepted (null: none accepted). */
  averageAcceptanceHours: z.number().nullable(),
  /** Orders accepted after the acceptance limit, or still waiting past it. */
  lateAcceptances: z.number().int(),
  /** Orders the store cancelled. */
  cancelledByStore: z.number().int(),
  /** Delivered orders, and of them those with a return: the return rate is returns over delivered. */
  delivered: z.number().int(),
  returns: z.number().int(),
  /** Percent with one decimal (null: nothing delivered). */
  returnRatePercent: z.number().nullable(),
});
export type ScorecardWindow = z.infer<typeof scorecardWindow>;

export const storeScorecard = z.object({
  storeId: z.string(),
  windows: z.array(scorecardWindow),
  at: isoDateTime,
});
export type StoreScorecard = z.infer<typeof storeScorecard>;

export const scorecardEndpoints = {
  merchant: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/orders/merchant/scorecard',
    summary:
      "The store's scorecard over 30 and 90 days: orders, acceptance time, late acceptances, cancellations by the store, returns",
    tags: ['Service levels'],
    access: access.merchant('orders:read'),
    response: envelope(storeScorecard),
  }),
  admin: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/admin/stores/:storeId/scorecard',
    summary: "A store's scorecard, as the store sees it",
    tags: ['Service levels'],
    access: access.admin('orders:read-all'),
    params: z.object({ storeId: z.uuid('Must be a valid id') }),
    response: envelope(storeScorecard),
  }),
};
