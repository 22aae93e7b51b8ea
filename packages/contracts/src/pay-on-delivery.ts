import { z } from 'zod';
import { access } from './access.js';
import { idParam, isoDateTime, uuid } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { envelope } from './envelope.js';
import { podMethods } from './fulfilment.js';
import { nairaAmount } from './money.js';
import { publishRules } from './published-rules.js';

/** At least ₦1, as the document says it (ADR 085). */
const atLeastOneNaira = <S extends z.ZodType>(schema: S) =>
  publishRules(schema, [{ fields: [], rule: 'at least ₦1' }], { minimum: 1 });

// Pay on delivery (ADR 074): the admin's rules, a store's opt-in, what a customer's checkout may pay at the door,
// the carrier's cash held and remitted, and the admin's view of every carrier's cash. Money is naira with 2
// decimals outside, integer kobo inside; the figures come from the ledger.

const money = z.number().describe('Naira with 2 decimals');
const tags = ['Pay on delivery'];

export const podSettings = z.object({
  enabled: z.boolean(),
  /** Shipping zones whose states may pay on delivery. */
  zoneIds: z.array(z.string()),
  /** Largest order total (items − discount + delivery) that may be paid on delivery. */
  maxOrder: money,
  /** Added to what the carrier collects for each order. */
  fee: money,
  /** A customer who refused this many parcels at the door within `refusalPeriodDays` may not pay on delivery. */
  refusalLimit: z.number().int(),
  refusalPeriodDays: z.number().int(),
  /** A carrier holding this much cash or more gets no new pay-on-delivery orders. */
  carrierCashLimit: money,
  updatedAt: isoDateTime.nullable(),
});
export type PodSettings = z.infer<typeof podSettings>;

export const podSettingsBody = z.object({
  enabled: z.boolean({ error: 'Say whether pay on delivery is on' }),
  zoneIds: z.array(uuid).max(50),
  maxOrder: nairaAmount
    .refine((value) => value >= 1, 'The order limit must be at least ₦1')
    .apply(atLeastOneNaira),
  fee: nairaAmount,
  refusalLimit: z.number().int().min(1, 'At least 1 refusal').max(100),
  refusalPeriodDays: z.number().int().min(1, 'At least 1 day').max(3650),
  carrierCashLimit: nairaAmount
    .refine((value) => value >= 1, 'The cash limit must be at least ₦1')
    .apply(atLeastOneNaira),
});
export type PodSettingsBody = z.input<typeof podSettingsBody>;

export const podStoreSetting = z.object({ enabled: z.boolean() });
export const podStoreBody = z.object({
  enabled: z.boolean({ error: 'Say whether the store takes payment at the door' }),
});

/** One store of the customer's cart: whether its order may be paid on delivery, and if not, why. */
export const podOption = z.object({
  storeId: z.string(),
  storeName: z.string(),
  /** The store's order total (items − discount + delivery). */
  orderTotal: money,
  allowed: z.boolean(),
  /** The fee added when paid on delivery; null when not allowed. */
  fee: money.nullable(),
  /** Why not, in the customer's words; null when allowed. */
  reason: z.string().nullable(),
});
export type PodOption = z.infer<typeof podOption>;
export const podOptionsQuery = z.object({ addressId: uuid.optional() });

export const podCollection = z.object({
  orderId: z.string(),
  orderName: z.string(),
  method: z.enum(podMethods),
  reference: z.string().nullable(),
  amount: money,
  fee: money,
  collectedAt: isoDateTime,
  /** The remittance that claims it, if any. */
  remittanceId: z.string().nullable(),
  remittedAt: isoDateTime.nullable(),
});
export type PodCollection = z.infer<typeof podCollection>;

export const remittanceStatus = z.enum(['submitted', 'confirmed', 'rejected']);
export const remittance = z.object({
  id: z.string(),
  carrierId: z.string(),
  carrierName: z.string(),
  reference: z.string(),
  amount: money,
  orderCount: z.number().int(),
  status: remittanceStatus,
  decisionNote: z.string().nullable(),
  submittedAt: isoDateTime,
  decidedAt: isoDateTime.nullable(),
});
export type Remittance = z.infer<typeof remittance>;

export const carrierCash = z.object({
  /** Cash the carrier holds, from the ledger (`carrier_cash`). */
  held: money,
  /** The limit above which no new pay-on-delivery orders come. */
  limit: money,
  /** Collections not yet covered by a confirmed remittance, oldest first. */
  collections: z.array(podCollection),
  remittances: z.array(remittance),
});
export type CarrierCash = z.infer<typeof carrierCash>;

export const remittanceBody = z.object({
  /** The bank transfer's reference. */
  reference: z
    .string({ error: 'Enter the transfer reference' })
    .trim()
    .min(4, 'The transfer reference is at least 4 characters')
    .max(100),
  orderIds: z.array(uuid).min(1, 'Choose at least one collection').max(500),
});
export type RemittanceBody = z.input<typeof remittanceBody>;

export const remittanceDecisionBody = z.object({ note: z.string().trim().max(500).optional() });

/** One carrier's cash as the admin sees it. */
export const carrierCashRow = z.object({
  carrierId: z.string(),
  carrierName: z.string(),
  carrierKind: z.string(),
  /** Everything collected at the door, ever. */
  collected: money,
  /** Confirmed remittances. */
  remitted: money,
  /** Held now, from the ledger. */
  outstanding: money,
  /** Held now, from the collections not yet remitted; must equal `outstanding`. */
  outstandingByCollections: money,
  /** outstanding − outstandingByCollections: anything but 0 is a fault to look into. */
  difference: money,
  /** When the oldest collection still held was taken; null when nothing is held. */
  oldestHeldAt: isoDateTime.nullable(),
  /** Remittances waiting for an admin's confirmation. */
  waitingRemittances: z.number().int(),
  overLimit: z.boolean(),
});
export const podOverview = z.object({
  totals: z.object({ collected: money, remitted: money, outstanding: money, fees: money }),
  carriers: z.array(carrierCashRow),
});
export type PodOverview = z.infer<typeof podOverview>;

export const remittanceListQuery = z.object({ status: remittanceStatus.optional() });

export const payOnDeliveryEndpoints = {
  settings: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/pay-on-delivery/admin/settings',
    summary: 'The pay-on-delivery rules: zones, order limit, fee, refusal limit, carriers’ cash limit',
    tags,
    access: access.admin('shipping:zones'),
    response: envelope(podSettings),
  }),
  saveSettings: defineEndpoint({
    surface: 'api',
    method: 'PUT',
    path: '/pay-on-delivery/admin/settings',
    summary: 'Change the pay-on-delivery rules',
    tags,
    access: access.admin('shipping:zones'),
    body: podSettingsBody,
    serverChecks: { zoneIds: 'must name existing shipping zones' },
    response: envelope(podSettings),
  }),
  storeSetting: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/pay-on-delivery/store',
    summary: 'Whether the caller’s store takes payment at the door',
    tags,
    access: access.merchant('store:profile:read'),
    response: envelope(podStoreSetting),
  }),
  saveStoreSetting: defineEndpoint({
    surface: 'api',
    method: 'PUT',
    path: '/pay-on-delivery/store',
    summary: 'Opt the caller’s store in or out of pay on delivery',
    tags,
    access: access.merchant('store:profile:write'),
    body: podStoreBody,
    response: envelope(podStoreSetting),
  }),
  options: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/pay-on-delivery/options',
    summary:
      'For each store of the customer’s cart: whether its order may be paid on delivery, the fee, or why not',
    tags,
    access: access.customer,
    query: podOptionsQuery,
    response: envelope(z.array(podOption)),
  }),
  carrierCash: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/pay-on-delivery/carrier/cash',
    summary: 'The calling carrier’s cash held, its collections not yet remitted and its remittances',
    tags,
    access: access.carriers('orders:carry', 'partner:orders:update'),
    response: envelope(carrierCash),
  }),
  remit: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/pay-on-delivery/carrier/remittances',
    summary:
      'Record a transfer of held cash to the platform for the named collections; an admin confirms it when the money is in',
    tags,
    access: access.carriers('orders:carry', 'partner:orders:update'),
    idempotent: true,
    body: remittanceBody,
    serverChecks: { orderIds: 'must be the caller’s collections, held and in no other remittance' },
    errors: [409],
    status: 201,
    response: envelope(remittance),
  }),
  overview: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/pay-on-delivery/admin/carriers',
    summary: 'Every carrier’s cash: collected, remitted, outstanding, its age and differences',
    tags,
    access: access.admin('finance:read'),
    response: envelope(podOverview),
  }),
  remittances: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/pay-on-delivery/admin/remittances',
    summary: 'Carriers’ remittances, newest first; `submitted` ones wait for confirmation',
    tags,
    access: access.admin('finance:read'),
    query: remittanceListQuery,
    response: envelope(z.array(remittance)),
  }),
  confirm: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/pay-on-delivery/admin/remittances/:id/confirm',
    summary:
      'The money is in the platform’s account: the carrier’s cash moves to the platform and the stores’ shares may become payable',
    tags,
    access: access.admin('finance:payouts'),
    idempotent: true,
    params: idParam,
    body: remittanceDecisionBody,
    errors: [404, 409],
    response: envelope(remittance),
  }),
  reject: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/pay-on-delivery/admin/remittances/:id/reject',
    summary: 'No money arrived: the remittance’s collections go back to the carrier’s cash held',
    tags,
    access: access.admin('finance:payouts'),
    idempotent: true,
    params: idParam,
    body: remittanceDecisionBody,
    errors: [404, 409],
    response: envelope(remittance),
  }),
};
