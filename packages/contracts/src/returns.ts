import { z } from 'zod';
import { access } from './access.js';
import { INT4_MAX, isoDateTime, uuid } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { envelope, pageQuery, pagination } from './envelope.js';
import { uploadedImage } from './stores.js';

// Returns and replacements (issue 8): the customer asks within the return window after delivery, the store
// decides, admins decide disputes and chargebacks. Refunds go back through the payment provider (or to the gift
// cards that paid) and are kept as a history, each with its amount, reason, provider reference and status.

const money = z.number().describe('Naira with 2 decimals');
const tags = ['returns'];

export const returnTypes = ['return', 'replace'] as const;
export type ReturnType = (typeof returnTypes)[number];

/** The statuses of a return, in the order a return usually passes them. */
export const returnStatuses = [
  'requested',
  'approved',
  'rejected',
  'item_received',
  'refunded',
  'replacement_sent',
  'closed',
] as const;
export type ReturnStatus = (typeof returnStatuses)[number];

export const returnStatusNames: Record<ReturnStatus, string> = {
  requested: 'Requested',
  approved: 'Approved',
  rejected: 'Rejected',
  item_received: 'Item received',
  refunded: 'Refunded',
  replacement_sent: 'Replacement sent',
  closed: 'Closed',
};

/**
 * `unknown`: we asked the payment provider and did not hear how it ended (a timeout, a cut connection, a 5xx). It is
 * settled only by asking the provider; until then it cannot be sent again, rejected or paid another way (ADR 061).
 */
export const refundStatuses = [
  'pending',
  'processing',
  'unknown',
  'processed',
  'failed',
  'rejected',
] as const;
export type RefundRecordStatus = (typeof refundStatuses)[number];

export const refundStatusNames: Record<RefundRecordStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  unknown: 'Not known yet (asking the provider)',
  processed: 'Refunded',
  failed: 'Failed',
  rejected: 'Rejected',
};

/** Why money went back: a cancelled order, returned items, or a card-holder's bank reversing the payment. */
export const refundKinds = ['cancellation', 'return', 'chargeback'] as const;

/**
 * Where the money goes back: the card or account that paid (provider), the gift cards that paid, or, for an order
 * paid at the door (ADR 089), the customer's bank account by a transfer the platform makes and an admin records.
 */
export const refundDestinations = ['provider', 'gift_card', 'bank_transfer'] as const;
/** Who bears a refund in the books: the store (charged back) or the platform. */
export const chargebackParties = ['merchant', 'platform'] as const;
export type ChargebackParty = (typeof chargebackParties)[number];

export const disputeStatuses = ['none', 'open', 'upheld', 'dismissed'] as const;

/**
 * An admin's explicit decision on a refund the provider did not make (ADR 049): not refunded, or paid another way
 * (outside the provider). Its reason is shown to the customer.
 */
export const refundDecisionOutcomes = ['rejected', 'paid_another_way'] as const;
export type RefundDecisionOutcome = (typeof refundDecisionOutcomes)[number];
const refundDecision = z
  .object({ outcome: z.enum(refundDecisionOutcomes), reason: z.string(), decidedAt: isoDateTime })
  .nullable();

/** One refund of the history: amount, reason, provider reference and status. */
export const refundRecord = z.object({
  id: z.string(),
  reference: z.string(),
  orderId: z.string(),
  orderName: z.string(),
  returnId: z.string().nullable(),
  kind: z.enum(refundKinds),
  destination: z.enum(refundDestinations),
  amount: money,
  reason: z.string(),
  status: z.enum(refundStatuses),
  /** The provider's id of the refund (or the gift-card activity), once known. */
  providerReference: z.string().nullable(),
  failureReason: z.string().nullable(),
  /** The provider could not finish it and asks a person to act in its dashboard (Paystack refund.needs-attention). */
  needsAttention: z.boolean(),
  chargedTo: z.enum(chargebackParties),
  attempts: z.number().int(),
  /** When the next automatic retry of a failed refund is due; null when none is (an admin must decide). */
  nextAttemptAt: isoDateTime.nullable(),
  decision: refundDecision,
  createdAt: isoDateTime,
  processedAt: isoDateTime.nullable(),
});
export type RefundRecord = z.infer<typeof refundRecord>;

/**
 * A refund as its customer sees it: where it stands in words, and an admin's decision with its reason. Nothing
 * internal (who bears it, the provider's failure text, attempts).
 */
export const customerRefund = z.object({
  id: z.string(),
  reference: z.string(),
  orderId: z.string(),
  kind: z.enum(refundKinds),
  destination: z.enum(refundDestinations),
  amount: money,
  status: z.enum(refundStatuses),
  /** One sentence for the customer: on its way, refunded, delayed (and retried), not refunded (why). */
  statusText: z.string(),
  decision: refundDecision,
  createdAt: isoDateTime,
  processedAt: isoDateTime.nullable(),
});
export type CustomerRefund = z.infer<typeof customerRefund>;

/**
 * A return's pickup (ADR 060): the goods travel back, customer → carrier → store. Waiting for a carrier, a carrier
 * assigned (the customer holds a pickup token), collected (token and photo), delivered to the store (photo); the
 * store then confirms receipt on the return. Cancelled when the store received the goods another way.
 */
export const pickupStatuses = [
  'requested',
  'assigned',
  'collected',
  'delivered_to_store',
  'cancelled',
] as const;
export type PickupStatus = (typeof pickupStatuses)[number];
export const pickupStatusNames: Record<PickupStatus, string> = {
  requested: 'Waiting for a carrier',
  assigned: 'Carrier assigned',
  collected: 'Collected from the customer',
  delivered_to_store: 'Delivered to the store',
  cancelled: 'Cancelled',
};

export const returnPickup = z.object({
  id: z.string(),
  status: z.object({ code_name: z.enum(pickupStatuses), known_name: z.string() }),
  carrierKind: z.enum(['partner', 'dispatcher']).nullable(),
  carrierName: z.string().nullable(),
  /** Five wrong pickup tokens lock collection until an admin assigns the pickup again (a new token). */
  collectionLocked: z.boolean(),
  /** Photo taken when the carrier collected the goods, and when it left them at the store. */
  collectEvidence: z.string().nullable(),
  dropOffEvidence: z.string().nullable(),
  assignedAt: isoDateTime.nullable(),
  collectedAt: isoDateTime.nullable(),
  deliveredAt: isoDateTime.nullable(),
});
export type ReturnPickup = z.infer<typeof returnPickup>;

export const returnProduct = z.object({
  productId: z.string(),
  variantId: z.string().nullable(),
  productName: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
  productPrice: money,
  hostedImages: z.array(z.string()),
  /** What the customer paid for these units (price less their share of discounts). */
  refundableAmount: money,
});

/** Section 3's returned order: id, merchantId, status, type, orderId, products, refund, replace. */
export const orderReturn = z.object({
  id: z.string(),
  merchantId: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  status: z.object({ code_name: z.enum(returnStatuses), known_name: z.string() }),
  type: z.enum(returnTypes),
  orderId: z.string(),
  orderName: z.string(),
  reason: z.string(),
  photos: z.array(z.string()),
  products: z.array(returnProduct),
  /** The refund decided for this return: what it came to and its history; null until refunded. */
  refund: z
    .object({
      amount: money,
      shippingIncluded: z.boolean(),
      history: z.array(refundRecord),
    })
    .nullable(),
  /** The zero-value order sent as the replacement; null until sent. */
  replace: z.object({ orderId: z.string(), orderName: z.string() }).nullable(),
  merchantNote: z.string().nullable(),
  dispute: z.object({
    status: z.enum(disputeStatuses),
    reason: z.string().nullable(),
    decisionNote: z.string().nullable(),
  }),
  /** Who bears the refund and the admin's internal note: staff only (absent from the customer's answers). */
  chargeback: z.object({ decision: z.enum(chargebackParties).nullable(), note: z.string().nullable() }),
  /** The statuses the caller may move the return to now (the store's moves; empty for customers). */
  allowedNextStatuses: z.array(z.enum(returnStatuses)),
  /** Whether the caller may now decide refund or replace (store) or settle the dispute (admin). */
  canDecide: z.boolean(),
  /** The pickup that carries the goods back to the store (ADR 060); null before approval. */
  pickup: returnPickup.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type OrderReturn = z.infer<typeof orderReturn>;

/** The customer's view: the pickup token they hand the carrier at collection, theirs alone. */
export const customerReturnPickup = returnPickup.extend({
  /** Six digits the customer gives the carrier when the goods leave their hands; null until a carrier is assigned. */
  pickupToken: z.string().nullable(),
});
export type CustomerReturnPickup = z.infer<typeof customerReturnPickup>;

/** A return as its customer sees it: no chargeback (internal), refunds as the customer reads them. */
export const customerOrderReturn = orderReturn.omit({ chargeback: true, refund: true, pickup: true }).extend({
  pickup: customerReturnPickup.nullable(),
  refund: z
    .object({ amount: money, shippingIncluded: z.boolean(), history: z.array(customerRefund) })
    .nullable(),
});
export type CustomerOrderReturn = z.infer<typeof customerOrderReturn>;

const note = z.string().trim().max(500, 'Keep the note under 500 characters');
/** A reason someone else reads (the customer, the store): required, at least 5 characters (ADR 049). */
const requiredReason = (what: string) =>
  z
    .string({ error: `Give the reason ${what}` })
    .trim()
    .min(5, `Give the reason ${what} (at least 5 characters)`)
    .max(500, 'Keep the reason under 500 characters');

export const createReturnBody = z.object({
  orderId: uuid,
  type: z.enum(returnTypes, { error: 'Choose return or replacement' }),
  reason: z
    .string()
    .trim()
    .min(5, 'Tell the store what is wrong (at least 5 characters)')
    .max(1000, 'Keep the reason under 1,000 characters'),
  /** URLs of photos uploaded with POST /returns/photos. */
  photos: z.array(z.string().max(500)).max(5, 'Add at most 5 photos').default([]),
  items: z
    .array(
      z.object({
        productId: uuid,
        variantId: z.string().max(100).nullable().default(null),
        quantity: z.number().int('Whole units only').min(1, 'Return at least one unit').max(INT4_MAX),
      }),
    )
    .min(1, 'Choose at least one item')
    .max(50),
});
export type CreateReturnBody = z.input<typeof createReturnBody>;

export const updateReturnStatusBody = z.object({
  status: z.enum(['approved', 'rejected', 'item_received', 'closed'], {
    error: 'Choose approved, rejected, item received or closed',
  }),
  note: note.optional(),
});
export type UpdateReturnStatusBody = z.infer<typeof updateReturnStatusBody>;

export const refundDecisionBody = z.object({
  decision: z.enum(['refund', 'replace'], { error: 'Choose refund or replace' }),
  note: note.optional(),
});
export type RefundDecisionBody = z.infer<typeof refundDecisionBody>;

export const chargebackDecisionBody = z.object({
  decision: z.enum(chargebackParties, { error: 'Choose who bears the refund: merchant or platform' }),
  /** Internal: staff see it, the customer never does. */
  note: requiredReason('for this chargeback decision'),
});
export type ChargebackDecisionBody = z.infer<typeof chargebackDecisionBody>;

export const disputeBody = z.object({
  reason: z.string().trim().min(5, 'Say why you disagree (at least 5 characters)').max(1000),
});
export const adminDecisionBody = z.object({ note: note.optional() });
/** An admin decides a refund the provider did not make; the reason reaches the customer (ADR 049). */
export const refundRejectBody = z.object({
  outcome: z
    .enum(refundDecisionOutcomes, { error: 'Choose rejected or paid another way' })
    .default('rejected'),
  note: requiredReason('the customer will read'),
});
export type RefundRejectBody = z.input<typeof refundRejectBody>;

const returnListQuery = pageQuery.extend({
  status: z.enum(returnStatuses).optional(),
  /** Only returns whose dispute is open (admins). */
  disputed: z.enum(['true', 'false']).optional(),
  orderId: uuid.optional(),
});

const refundListQuery = pageQuery.extend({
  status: z.enum(refundStatuses).optional(),
  /** Only refunds Paystack flagged `refund.needs-attention` that it still holds. */
  needsAttention: z.enum(['true', 'false']).optional(),
});

/**
 * A card-holder's dispute of one of our payments, as Paystack's charge.dispute.* webhooks told it (ADR 049): admins
 * see it, decide who bears it, and its resolution's effect on the books.
 */
export const cardDispute = z.object({
  id: z.string(),
  providerDisputeId: z.string(),
  paymentReference: z.string().nullable(),
  orders: z.array(z.object({ id: z.string(), orderName: z.string(), storeName: z.string() })),
  /** The last event heard: create, remind or resolve. */
  stage: z.enum(['create', 'remind', 'resolve']),
  status: z.string().nullable(),
  resolution: z.string().nullable(),
  category: z.string().nullable(),
  refundAmount: money.nullable(),
  dueAt: isoDateTime.nullable(),
  resolvedAt: isoDateTime.nullable(),
  bearer: z.enum(chargebackParties).nullable(),
  /** Internal: staff only. */
  bearerNote: z.string().nullable(),
  outcome: z.enum(['refund-booked', 'nothing-moved', 'needs-review']).nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type CardDispute = z.infer<typeof cardDispute>;

const idParams = z.object({ id: uuid });

/** A pickup as the admins' queue and the carrier's list show it: where to collect, where to take it. */
export const carrierPickup = z.object({
  id: z.string(),
  returnId: z.string(),
  orderId: z.string(),
  orderName: z.string(),
  storeName: z.string(),
  status: z.object({ code_name: z.enum(pickupStatuses), known_name: z.string() }),
  carrierKind: z.enum(['partner', 'dispatcher']).nullable(),
  carrierName: z.string().nullable(),
  collectionLocked: z.boolean(),
  /** The customer's door: the full address only for the carrier who collects; others see the state and LGA. */
  collectFrom: z.object({
    fullName: z.string(),
    phoneNumber: z.string(),
    state: z.string(),
    lga: z.string(),
    address: z.string(),
  }),
  dropOff: z.object({ address: z.string(), phoneNumber: z.string().nullable() }),
  products: z.array(z.object({ productName: z.string(), quantity: z.number().int() })),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type CarrierPickup = z.infer<typeof carrierPickup>;

const pickupListQuery = pageQuery.extend({ status: z.enum(pickupStatuses).optional() });
const pickupList = envelope(z.object({ pickups: z.array(carrierPickup), pagination }));

export const assignPickupBody = z.discriminatedUnion('carrier', [
  z.object({ carrier: z.literal('partner'), partnerId: uuid }),
  z.object({ carrier: z.literal('dispatcher'), dispatcherId: uuid }),
]);
export type AssignPickupBody = z.input<typeof assignPickupBody>;

export const collectPickupBody = z.object({
  pickupToken: z
    .string({ error: "Enter the customer's pickup token" })
    .trim()
    .regex(/^[0-9]{6}$/, 'The pickup token is 6 digits'),
});
export const dropOffPickupBody = z.object({ note: note.optional() });

/** The return pickups (ADR 060): admins assign a carrier; the carrier collects from the customer and drops off. */
export const returnPickupEndpoints = {
  adminList: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/returns/admin/pickups',
    summary: 'Return pickups, oldest waiting first: those waiting for a carrier with `status=requested`',
    tags,
    access: access.admin('orders:assign'),
    query: pickupListQuery,
    response: pickupList,
  }),
  assign: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/returns/admin/pickups/:id/assign',
    summary:
      'Assign a return pickup to a shipping partner or a dispatcher; the customer gets a new pickup token',
    tags,
    access: access.admin('orders:assign'),
    serverChecks: {
      dispatcherId: 'must name a dispatcher',
      partnerId: 'must name an approved shipping partner',
    },
    params: idParams,
    body: assignPickupBody,
    response: envelope(carrierPickup),
    errors: [404, 409],
  }),
  carrierList: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/returns/pickups/carrier',
    summary: 'The return pickups assigned to the calling shipping partner or dispatcher',
    tags,
    access: access.carriers('orders:carry', 'partner:orders:read'),
    query: pickupListQuery,
    response: pickupList,
  }),
  collect: defineEndpoint({
    surface: 'api',
    method: 'PATCH',
    path: '/returns/pickups/:id/collect',
    summary:
      "The carrier collects the goods from the customer: the customer's pickup token and a photo (multipart, file in `evidence`)",
    tags,
    access: access.carriers('orders:carry', 'partner:orders:update'),
    params: idParams,
    body: collectPickupBody,
    upload: { field: 'evidence' },
    response: envelope(carrierPickup),
    errors: [404, 409],
  }),
  dropOff: defineEndpoint({
    surface: 'api',
    method: 'PATCH',
    path: '/returns/pickups/:id/drop-off',
    summary: 'The carrier leaves the goods at the store, with a photo (multipart, file in `evidence`)',
    tags,
    access: access.carriers('orders:carry', 'partner:orders:update'),
    params: idParams,
    body: dropOffPickupBody,
    upload: { field: 'evidence' },
    response: envelope(carrierPickup),
    errors: [404, 409],
  }),
};

const returnList = envelope(z.object({ returns: z.array(orderReturn), pagination }));
const customerReturnList = envelope(z.object({ returns: z.array(customerOrderReturn), pagination }));

export const customerReturnEndpoints = {
  create: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/ordertracking/create-return',
    summary:
      'Return or replace some items of a delivered order within the return window, with a reason and photos',
    tags,
    access: access.customer,
    body: createReturnBody,
    response: envelope(customerOrderReturn),
    status: 201,
  }),
  uploadPhoto: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/returns/photos',
    summary: 'Upload a photo for a return (multipart field `image`; JPEG, PNG or WebP up to 8 MB)',
    tags,
    access: access.customer,
    upload: { field: 'image' },
    response: envelope(uploadedImage),
    status: 201,
  }),
  list: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/returns/customer',
    summary: 'The customer’s returns and replacements, newest first',
    tags,
    access: access.customer,
    query: returnListQuery,
    response: customerReturnList,
  }),
  one: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/returns/customer/:id',
    summary: 'One of the customer’s returns with its refund history',
    tags,
    access: access.customer,
    params: idParams,
    response: envelope(customerOrderReturn),
  }),
  dispute: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/returns/customer/:id/dispute',
    summary: 'Ask the platform to decide a return the store rejected',
    tags,
    access: access.customer,
    params: idParams,
    body: disputeBody,
    response: envelope(customerOrderReturn),
  }),
  orderRefunds: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/returns/customer/orders/:orderId/refunds',
    summary:
      'Every refund of one of the customer’s orders (cancellation or return): where it stands and any decision with its reason',
    tags,
    access: access.customer,
    params: z.object({ orderId: uuid }),
    response: envelope(z.object({ refunds: z.array(customerRefund) })),
  }),
};

export const merchantReturnEndpoints = {
  list: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/returns/merchant',
    summary: 'The store’s returns, newest first, by status',
    tags,
    access: access.merchant('returns:read'),
    query: returnListQuery,
    response: returnList,
  }),
  one: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/returns/merchant/:id',
    summary: 'One of the store’s returns with the moves allowed now',
    tags,
    access: access.merchant('returns:read'),
    params: idParams,
    response: envelope(orderReturn),
  }),
  updateStatus: defineEndpoint({
    surface: 'api',
    method: 'PATCH',
    path: '/returns/update-return-status/:id',
    summary:
      'Move a return: approve or reject a request, mark the items received, close it (store; admins close disputes)',
    tags,
    access: access.merchantOrAdmin('returns:write', 'returns:disputes'),
    idempotent: true,
    params: idParams,
    body: updateReturnStatusBody,
    response: envelope(orderReturn),
  }),
  refundDecision: defineEndpoint({
    surface: 'api',
    method: 'PATCH',
    path: '/returns/update-refund-decision/:id',
    summary:
      'The store decides an approved return: refund what was paid for the items, or send a zero-value replacement',
    tags,
    access: access.merchant('returns:write'),
    idempotent: true,
    params: idParams,
    body: refundDecisionBody,
    response: envelope(orderReturn),
  }),
};

export const adminReturnEndpoints = {
  list: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/returns/admin',
    summary: 'Every store’s returns; `disputed=true` for those waiting for the platform’s decision',
    tags,
    access: access.admin('returns:disputes'),
    query: returnListQuery,
    response: returnList,
  }),
  one: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/returns/admin/:id',
    summary: 'One return with its refund history',
    tags,
    access: access.admin('returns:disputes'),
    params: idParams,
    response: envelope(orderReturn),
  }),
  returnOrder: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/returns/return-order/:id',
    summary: 'Uphold a disputed return with a refund of what was paid for its items',
    tags,
    access: access.admin('returns:disputes'),
    idempotent: true,
    params: idParams,
    body: adminDecisionBody,
    response: envelope(orderReturn),
  }),
  replaceOrder: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/returns/replace-order/:id',
    summary: 'Uphold a disputed return with a zero-value replacement order',
    tags,
    access: access.admin('returns:disputes'),
    idempotent: true,
    params: idParams,
    body: adminDecisionBody,
    response: envelope(orderReturn),
  }),
  chargebackDecision: defineEndpoint({
    surface: 'api',
    method: 'PATCH',
    path: '/returns/update-chargeback-decision/:id',
    summary: 'Decide who bears a return’s refund: charged back to the store, or borne by the platform',
    tags,
    access: access.admin('returns:disputes'),
    idempotent: true,
    params: idParams,
    body: chargebackDecisionBody,
    response: envelope(orderReturn),
  }),
  refunds: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/returns/admin/refunds',
    summary: 'Refund requests of every kind (returns and cancellations), newest first, by status',
    tags,
    access: access.admin('returns:disputes'),
    query: refundListQuery,
    response: envelope(z.object({ refunds: z.array(refundRecord), pagination })),
  }),
  retryRefund: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/returns/admin/refunds/:id/retry',
    summary: 'Send a failed refund to the payment provider again',
    tags,
    access: access.admin('returns:disputes'),
    idempotent: true,
    params: idParams,
    response: envelope(refundRecord),
  }),
  cardDisputes: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/returns/admin/card-disputes',
    summary:
      'Card-holder disputes of our payments (Paystack charge.dispute.*), open ones first; `open=true` for those not resolved',
    tags,
    access: access.admin('returns:disputes'),
    query: pageQuery.extend({ open: z.enum(['true', 'false']).optional() }),
    response: envelope(z.object({ disputes: z.array(cardDispute), pagination })),
  }),
  cardDisputeBearer: defineEndpoint({
    surface: 'api',
    method: 'PATCH',
    path: '/returns/admin/card-disputes/:id/bearer',
    summary:
      'Decide who bears a card dispute’s money, the store (charged back) or the platform, with an internal reason; refunds its resolution booked follow',
    tags,
    access: access.admin('returns:disputes'),
    idempotent: true,
    params: idParams,
    body: chargebackDecisionBody,
    response: envelope(cardDispute),
  }),
  rejectRefund: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/returns/admin/refunds/:id/reject',
    summary:
      'Decide a refund the provider did not make (pending or failed), with a reason the customer reads: rejected (its amount is no longer owed) or paid another way (a failed refund the platform paid outside the provider)',
    tags,
    access: access.admin('returns:disputes'),
    idempotent: true,
    params: idParams,
    body: refundRejectBody,
    response: envelope(refundRecord),
  }),
};
