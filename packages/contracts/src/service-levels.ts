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
  'out_for_delivery_too_long',
] as const;
export type ServiceLevelKind = (typeof serviceLevelKinds)[number];

/** Hours an order may stay in the status before it is late. */
export const SERVICE_LEVEL_HOURS: Record<ServiceLevelKind, number> = {
  awaiting_acceptance: 48,
  ready_not_picked_up: 24,
  out_for_delivery_too_long: 24,
};
/** The status each limit watches. */
export const SERVICE_LEVEL_STATUS: Record<ServiceLevelKind, string> = {
  awaiting_acceptance: 'pending',
  ready_not_picked_up: 'ready_for_pickup',
  out_for_delivery_too_long: 'out_for_delivery',
};
export const SERVICE_LEVEL_LIST_MAX = 20;

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
      'Late orders across every store: waiting for acceptance over 48 h, ready but not picked up over 24 h, out for delivery over 24 h; counts and the longest-waiting 20 of each',
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
};
