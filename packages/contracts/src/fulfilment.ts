import { z } from 'zod';
import { type Access, access } from './access.js';
import { orderStatus, orderStatuses, payOnDeliveryTerms } from './checkout.js';
import { boundedDay, isoDateTime, phoneNumber, uuid } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { countIsEstimate, envelope, pageQuery, pagination } from './envelope.js';
import { nairaAmount } from './money.js';

/** How a customer paid at the door (ADR 074). */
export const podMethods = ['cash', 'pos', 'transfer'] as const;
export type PodMethod = (typeof podMethods)[number];

// The fulfilment chain of orders.md: merchant, then a platform hub, a dispatcher or a shipping partner, then the
// customer, who hands over the delivery token at the door. Every move goes through one status machine on the
// server; the allowed next statuses come from it, so no client hard-codes a move.

const money = z.number().describe('Naira with 2 decimals');
const statusCodes = orderStatuses.map((status) => status.code_name) as [
  (typeof orderStatuses)[number]['code_name'],
  ...(typeof orderStatuses)[number]['code_name'][],
];
export const orderStatusCode = z.enum(statusCodes, { error: 'Choose a known order status' });

/**
 * Moves that need a photo (shipping evidence) uploaded with them: picking the parcel up from the store (the only
 * hand-over without another proof: delivery has the customer's token) and a failed delivery attempt (the door, the
 * parcel). The server's status table requires it for exactly these; the web asks for a photo on them.
 */
export const shippingEvidenceStatuses = [
  'picked_up',
  'delivery_failed',
] as const satisfies readonly (typeof statusCodes)[number][];
export const SHIPPING_EVIDENCE_FIELD = 'evidence';

const dateQuery = boundedDay;

/** One line of an order's timeline: what happened, who did it (a role, never a person's id), and when. */
export const timelineEntry = z.object({
  status: z.string(),
  knownName: z.string(),
  activity: z.string(),
  actorType: z.string(),
  /** The photo uploaded with this move (800 px wide WebP), for staff and the carrier; never in the customer's view. */
  evidence: z.string().nullable(),
  /** Staff and carriers: the move was confirmed by scanning the parcel's label (ADR 078). */
  parcelScanned: z.boolean().optional(),
  createdAt: isoDateTime,
});
export type TimelineEntry = z.infer<typeof timelineEntry>;

export const carrierKinds = ['dispatcher', 'partner', 'hub'] as const;
export type CarrierKind = (typeof carrierKinds)[number];

/** Who carries the order now (section 3's assignment fields). */
export const carrierView = z.object({
  assignedToDispatcher: z.boolean(),
  assignedToShippingPartner: z.boolean(),
  assignedToPlatformHub: z.boolean(),
  partnerAssignOrderId: z.string().nullable(),
  partnerProfile: z.object({ id: z.string(), name: z.string() }).nullable(),
  dispatcherId: z.string().nullable(),
  dispatcherName: z.string().nullable(),
  dispatchPhoneNumber: z.string().nullable(),
  /** When the partner accepted the assignment; null until then. */
  partnerAcceptedAt: isoDateTime.nullable(),
  assignedAt: isoDateTime.nullable(),
});
export type CarrierView = z.infer<typeof carrierView>;

const orderLine = z.object({
  productId: z.string(),
  variantId: z.string().nullable(),
  productName: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
  productVariants: z.object({ size: z.string().nullable(), color: z.string().nullable() }).nullable(),
  hostedImages: z.array(z.string()),
});

const deliveryAddress = z.object({
  fullName: z.string(),
  phoneNumber: z.string(),
  emailAddress: z.string().nullable(),
  state: z.string(),
  lga: z.string(),
  address: z.string(),
});

/** An order as the store and the admin group see it: money and people, never the delivery token. */
export const staffOrder = z.object({
  id: z.string(),
  orderName: z.string(),
  orderNote: z.string().nullable(),
  orderStatus,
  subtotal: money,
  shippingFee: money,
  discount: money,
  total: money,
  payOnDelivery: payOnDeliveryTerms,
  /** What the platform keeps of this order, from the ledger's entries (0 once refunded at the store's cost). */
  commission: money,
  /**
   * The commission rate the order was charged, in basis points (1000 = 10 %): the store's payment category when it
   * was paid; null for an order the books never booked. The base is the goods at the store's prices, before its own
   * coupon (ADR 083).
   */
  commissionBasisPoints: z.number().int().nullable(),
  /** What the store is owed for this order, from the ledger's entries (refunds already off it). */
  dueToMerchant: money,
  /** What went back to the customer, refunds net of their reversals, from the ledger's entries. */
  refunded: money,
  /**
   * Of `refunded`, what has not reached the customer yet: refunds that wait, failed (retried or for an admin to
   * decide) or whose provider answer is not known. Screens say "owed", not "refunded", for it.
   */
  refundOwed: money,
  storeId: z.string(),
  storeName: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  deliveryAddress,
  orderItems: z.array(orderLine.extend({ productPrice: money, discount: money })),
  shippingEvidence: z.string().nullable(),
  ...carrierView.shape,
  /** The hub an order assigned to the platform hub went to (the store's named hub), when known. */
  platformHub: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Delivery is locked after five wrong tokens until an admin issues a new one. */
  deliveryLocked: z.boolean(),
  orderActivities: z.array(timelineEntry),
  /** What the caller may move the order to now. */
  allowedNextStatuses: z.array(orderStatus),
  createdAt: isoDateTime,
});
export type StaffOrder = z.infer<typeof staffOrder>;

/** A row of the merchant's and the admin's order lists. */
export const orderSummary = z.object({
  id: z.string(),
  orderName: z.string(),
  orderStatus,
  total: money,
  storeId: z.string(),
  storeName: z.string(),
  customerName: z.string(),
  itemCount: z.number().int(),
  carrierName: z.string().nullable(),
  /** Admins' lists only: why the last carrier declined a declined order (internal: never to the customer). */
  declineReason: z.string().nullable().optional(),
  createdAt: isoDateTime,
});
export type OrderSummary = z.infer<typeof orderSummary>;

/** An order as its shipping partner sees it: where to collect, where to deliver, what, and nothing of payments. */
export const partnerOrder = z.object({
  id: z.string(),
  orderName: z.string(),
  orderNote: z.string().nullable(),
  orderStatus,
  storeName: z.string(),
  pickup: z.object({ address: z.string(), phoneNumber: z.string().nullable() }),
  dropOff: deliveryAddress,
  orderItems: z.array(orderLine),
  weightKg: z.number().nullable(),
  /** What to collect at the door for an order paid on delivery. */
  payOnDelivery: payOnDeliveryTerms,
  ...carrierView.shape,
  deliveryLocked: z.boolean(),
  orderActivities: z.array(timelineEntry),
  allowedNextStatuses: z.array(orderStatus),
  createdAt: isoDateTime,
});
export type PartnerOrder = z.infer<typeof partnerOrder>;

export const orderListQuery = pageQuery.extend({
  status: orderStatusCode.optional(),
  /** First day (UTC), YYYY-MM-DD. */
  from: dateQuery.optional(),
  /** Last day (UTC), YYYY-MM-DD, included. */
  to: dateQuery.optional(),
  /** Part of the order name or of the customer's name. */
  search: z.string().trim().max(80).optional(),
});
export type OrderListQuery = z.input<typeof orderListQuery>;

export const adminOrderListQuery = orderListQuery.extend({
  /** Only orders waiting for a carrier: ready for pickup, declined by a partner, or at a hub. */
  queue: z.enum(['true', 'false']).optional(),
  /** Only orders assigned to the calling dispatcher. */
  mine: z.enum(['true', 'false']).optional(),
});

export const updateOrderBody = z.object({
  status: orderStatusCode,
  note: z.string().trim().max(500).optional(),
  /**
   * Address of a photo the caller uploaded before (an image of theirs under /media/images/). A move of
   * `shippingEvidenceStatuses` instead usually sends the photo itself: multipart/form-data with these fields and the
   * file in the `evidence` field.
   */
  shippingEvidence: z.string().trim().min(1).max(500).optional(),
  /** The customer's delivery token, needed to mark the order delivered. */
  deliveryToken: z
    .string()
    .trim()
    .regex(/^[0-9]{6}$/, 'The delivery token is 6 digits')
    .optional(),
  /**
   * An order paid on delivery (ADR 074), moved to delivered: how the customer paid at the door and the amount, which
   * must equal the order's due amount (total + pay-on-delivery fee). A reference is needed for POS and transfer.
   */
  collectionMethod: z.enum(podMethods, { error: 'Choose cash, POS or transfer' }).optional(),
  collectedAmount: nairaAmount.optional(),
  collectionReference: z
    .string()
    .trim()
    .min(3, 'Enter the POS slip or transfer reference')
    .max(100)
    .optional(),
  /** A pay-on-delivery parcel moved to delivery failed because the customer refused it at the door. */
  refusedByCustomer: z
    .preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean())
    .optional(),
  /**
   * What the carrier's camera read from the parcel's label (its link or bare reference, ADR 078): the move then
   * records that this parcel changed hands, and a label of another order, or one not signed here, is refused.
   */
  parcel: z.string().trim().min(1).max(300).optional(),
});
export type UpdateOrderBody = z.input<typeof updateOrderBody>;

export const assignOrderBody = z.discriminatedUnion(
  'carrier',
  [
    z.object({ carrier: z.literal('partner'), partnerId: uuid }),
    z.object({ carrier: z.literal('dispatcher'), dispatcherId: uuid }),
    z.object({ carrier: z.literal('hub') }),
  ],
  { error: 'Choose who carries the order' },
);
export type AssignOrderBody = z.input<typeof assignOrderBody>;

export const carrierOption = z.object({
  id: z.string(),
  kind: z.enum(['partner', 'dispatcher']),
  name: z.string(),
  phoneNumber: z.string().nullable(),
});
export type CarrierOption = z.infer<typeof carrierOption>;

export const declineBody = z.object({
  reason: z.string().trim().min(3, 'Say why you decline the order').max(300),
});

export const dispatcherBody = z.object({
  dispatcherName: z.string().trim().min(2, "Enter the dispatcher's name").max(80),
  dispatchPhoneNumber: phoneNumber,
});
export type DispatcherBody = z.input<typeof dispatcherBody>;

const idParams = z.object({ id: uuid });
const tags = ['Fulfilment'];

export const fulfilmentEndpoints = {
  updateOrder: defineEndpoint({
    surface: 'api',
    method: 'PATCH',
    path: '/ordertracking/update-order/:id',
    summary:
      'Move an order along the status machine (merchant, admin group or shipping partner, each on their own orders); delivered needs the customer’s token; picked up and delivery failed need a photo (multipart, file in `evidence`)',
    tags,
    access: access.orderMovers('orders:write', 'orders:carry', 'partner:orders:update'),
    idempotent: true,
    // Wrong delivery tokens are counted per order: the sixth is refused until an admin issues a new token.
    errors: [429],
    serverChecks: { parcel: 'must be the scanned label of this order, printed by this marketplace' },
    params: idParams,
    body: updateOrderBody,
    upload: { field: 'evidence' },
    response: envelope(z.object({ id: z.string(), orderStatus, allowedNextStatuses: z.array(orderStatus) })),
  }),
  updateToken: defineEndpoint({
    surface: 'api',
    method: 'PATCH',
    path: '/ordertracking/update-token/:id',
    summary:
      'Issue a new delivery token to the customer; the old one stops working and a delivery lock is lifted',
    tags,
    access: access.admin('orders:tokens'),
    params: idParams,
    response: envelope(z.object({ id: z.string(), deliveryLocked: z.boolean() })),
  }),
  allowedNext: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/orders/:id/allowed-next-statuses',
    summary: 'The statuses the caller may move this order to now',
    tags,
    access: {
      ...access.orderMovers('orders:read', 'orders:read-all', 'partner:orders:read'),
      permission: ['orders:read', 'orders:read-all', 'orders:carry', 'partner:orders:read'],
    },
    params: idParams,
    response: envelope(z.array(orderStatus)),
  }),
};

export const merchantOrderEndpoints = {
  list: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/orders/merchant',
    summary: "The store's orders, newest first: filter by status and date, search by order name or customer",
    tags,
    access: access.merchant('orders:read'),
    query: orderListQuery,
    response: envelope(z.object({ orders: z.array(orderSummary), pagination, countIsEstimate })),
  }),
  one: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/orders/merchant/:id',
    summary: "One of the store's orders with its timeline and the moves allowed now",
    tags,
    access: access.merchant('orders:read'),
    params: idParams,
    response: envelope(staffOrder),
  }),
};

/** Admins who read every order, and dispatchers, who read the orders they carry (the service tells which). */
const readOrCarry = {
  kind: 'signed-in',
  accounts: ['admin'],
  permission: ['orders:read-all', 'orders:carry'],
} as const satisfies Access;

export const adminOrderEndpoints = {
  list: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/orders/admin',
    summary:
      'Every store’s orders with the same filters (orders:read-all); `mine`, and always for a dispatcher, their own',
    tags,
    access: readOrCarry,
    query: adminOrderListQuery,
    response: envelope(z.object({ orders: z.array(orderSummary), pagination, countIsEstimate })),
  }),
  queue: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/orders/admin/queue',
    summary: 'Orders waiting for a carrier: ready for pickup, declined by a partner, or at a hub',
    tags,
    access: access.admin('orders:assign'),
    query: pageQuery,
    response: envelope(z.object({ orders: z.array(orderSummary), pagination, countIsEstimate })),
  }),
  carriers: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/orders/admin/carriers',
    summary: 'Shipping partners and dispatchers an order can be assigned to',
    tags,
    access: access.admin('orders:assign'),
    response: envelope(z.array(carrierOption)),
  }),
  one: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/orders/admin/:id',
    summary:
      'One order with its whole history (a dispatcher without orders:read-all: only an order they carry)',
    tags,
    access: readOrCarry,
    params: idParams,
    response: envelope(staffOrder),
  }),
  assign: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/orders/admin/:id/assign',
    summary: 'Assign an order to a shipping partner, a dispatcher or the platform hub',
    tags,
    access: access.admin('orders:assign'),
    serverChecks: {
      dispatcherId: 'must name a dispatcher',
      partnerId: 'must name an approved shipping partner',
    },
    params: idParams,
    body: assignOrderBody,
    response: envelope(staffOrder),
  }),
};

export const partnerOrderEndpoints = {
  list: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/partner/orders',
    summary: 'Orders assigned to the partner, newest first, and how many it delivered today',
    tags,
    access: access.partner('partner:orders:read'),
    query: pageQuery.extend({ status: orderStatusCode.optional() }),
    response: envelope(
      z.object({
        orders: z.array(partnerOrder),
        pagination,
        countIsEstimate,
        deliveredToday: z.number().int(),
      }),
    ),
  }),
  one: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/partner/orders/:id',
    summary: 'One order assigned to the partner',
    tags,
    access: access.partner('partner:orders:read'),
    params: idParams,
    response: envelope(partnerOrder),
  }),
  accept: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/partner/orders/:id/accept',
    summary: 'Accept an assigned order',
    tags,
    access: access.partner('partner:orders:update'),
    params: idParams,
    response: envelope(partnerOrder),
  }),
  decline: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/partner/orders/:id/decline',
    summary: 'Decline an assigned order with a reason; it goes back to the assignment queue',
    tags,
    access: access.partner('partner:orders:update'),
    params: idParams,
    body: declineBody,
    response: envelope(z.object({ id: z.string(), orderStatus })),
  }),
  dispatcher: defineEndpoint({
    surface: 'api',
    method: 'PATCH',
    path: '/partner/orders/:id/dispatcher',
    summary: "Set the dispatcher's name and phone number (normalised to +234)",
    tags,
    access: access.partner('partner:dispatcher'),
    params: idParams,
    body: dispatcherBody,
    response: envelope(partnerOrder),
  }),
};

export const partnerApproval = z.object({
  id: z.string(),
  companyName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  emailConfirmed: z.boolean(),
  approvedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type PartnerApproval = z.infer<typeof partnerApproval>;

/** An admin approves a shipping partner before orders may be assigned to it. */
export const partnerApprovalEndpoints = {
  list: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/partner/admin/partners',
    summary: 'Shipping partners waiting for approval, or approved',
    tags,
    access: access.admin('approvals:partners'),
    query: z.object({ status: z.enum(['pending', 'approved']).default('pending') }),
    response: envelope(z.array(partnerApproval)),
  }),
  approve: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/partner/admin/partners/:id/approve',
    summary: 'Approve a shipping partner: from now on orders may be assigned to it',
    tags,
    access: access.admin('approvals:partners'),
    params: idParams,
    response: envelope(z.object({ id: z.string() })),
  }),
};
