import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { kobo } from '../../platform/db/kobo.js';

export interface DeliveryAddress {
  fullName: string;
  phoneNumber: string;
  emailAddress: string | null;
  state: string;
  lga: string;
  address: string;
}

export const refundStatuses = ['none', 'due', 'sending', 'partial', 'refunded'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/** One checkout: one payment for one order per store. */
export const orderTrackers = pgTable(
  'order_trackers',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The payment reference (CHK-…), generated and stored before the provider is called. */
    reference: text().notNull(),
    customerId: uuid().notNull(),
    status: text()
      .$type<'awaiting_payment' | 'paid' | 'failed' | 'expired' | 'replaced'>()
      .notNull()
      .default('awaiting_payment'),
    itemsSubtotalKobo: kobo().notNull(),
    shippingTotalKobo: kobo().notNull(),
    discountTotalKobo: kobo().notNull(),
    giftCardKobo: kobo().notNull().default(0),
    /** The totals of the orders paid at the door (ADR 074), fees not included: not collected by the provider. */
    onDeliveryKobo: kobo().notNull().default(0),
    /** What the provider must collect: items + shipping − discounts − paid on delivery − gift cards. */
    amountDueKobo: kobo().notNull(),
    deliveryAddress: jsonb().$type<DeliveryAddress>().notNull(),
    appliedCouponCodes: jsonb().$type<string[]>().notNull().default([]),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** Where the provider asked the payer to go; kept so a customer can come back to the same payment page. */
    authorizationUrl: text(),
    paidAt: timestamp({ withTimezone: true }),
    closedReason: text(),
    /**
     * A payment that arrived after the checkout closed is sent back: `due` until the sweeper refunds it,
     * `sending` from the intent until the provider's outcome is recorded (its answer may be lost: the sweeper asks
     * the provider before sending again), then `refunded`. Returns use `partial`.
     */
    refundStatus: text().$type<RefundStatus>().notNull().default('none'),
    /** Cash sent back (or booked to be sent back) through the payment provider; never above amountDueKobo. */
    refundedKobo: kobo().notNull().default(0),
    /** Gift-card money given back to the cards that paid; never above giftCardKobo. */
    giftCardRefundedKobo: kobo().notNull().default(0),
    /** Set once the refund is made. */
    refundedAt: timestamp({ withTimezone: true }),
    /** Sends of a late payment's refund the provider refused so far: the back-off's step (ADR 049, 088). */
    refundAttempts: integer().notNull().default(0),
    /** A refused late payment's refund is not sent again before this (null: at the next sweep). */
    refundRetryAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('order_trackers_reference_key').on(table.reference),
    index('order_trackers_customer_idx').on(table.customerId, table.createdAt),
    index('order_trackers_expiry_idx').on(table.expiresAt).where(sql`status = 'awaiting_payment'`),
    index('order_trackers_refund_due_idx').on(table.createdAt).where(sql`refund_status = 'due'`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    trackerId: uuid()
      .notNull()
      .references(() => orderTrackers.id, { onDelete: 'cascade' }),
    /** Short name people read out on the phone, e.g. NM-7K3F9Q2A. */
    orderName: text().notNull(),
    customerId: uuid().notNull(),
    storeId: uuid().notNull(),
    merchantId: uuid().notNull(),
    storeName: text().notNull(),
    status: text().notNull().default('awaiting_payment'),
    /**
     * When the order entered its current status: a trigger sets it on every status change that does not set it
     * itself (migration 0046), so the service levels find what is late through an index, by the database's clock.
     */
    statusSince: timestamp({ withTimezone: true }).notNull().defaultNow(),
    subtotalKobo: kobo().notNull(),
    shippingFeeKobo: kobo().notNull(),
    discountKobo: kobo().notNull(),
    totalKobo: kobo().notNull(),
    /** `on_delivery`: the carrier collects total + podFeeKobo at the door (ADR 074). */
    paymentMethod: text().$type<'online' | 'on_delivery'>().notNull().default('online'),
    podFeeKobo: kobo().notNull().default(0),
    deliveryAddress: jsonb().$type<DeliveryAddress>().notNull(),
    orderNote: text(),
    /** Shown only to the customer; the dispatcher enters it at the door. */
    orderDeliveryToken: text(),
    withinLagos: boolean().notNull().default(false),
    lagosMerchant: boolean().notNull().default(false),
    lagosCustomer: boolean().notNull().default(false),
    couponId: uuid(),
    couponCode: text(),
    rewardProductIds: jsonb().$type<string[]>().notNull().default([]),
    /** Chargeable weight of the store's parcel, from the shipping quote at checkout. */
    weightGrams: integer(),
    /** Who carries the order now: a dispatcher (admin account), a shipping partner, or the platform hub. */
    carrierKind: text().$type<'dispatcher' | 'partner' | 'hub'>(),
    partnerId: uuid(),
    /** The partner's company, the dispatcher's name, or the hub, as shown to people. */
    carrierName: text(),
    /** The admin account of role dispatcher, when assigned to one. */
    dispatcherId: uuid(),
    /** The current assignment (`order_assignments`), section 3's partnerAssignOrderId. */
    assignmentId: uuid(),
    /** The rider who carries it: set by the partner, or the dispatcher's own name. */
    dispatcherName: text(),
    /** +234 form. */
    dispatchPhoneNumber: text(),
    shippingEvidence: text(),
    /** The hub (hubs module) an order assigned to the platform hub goes to: the store's named hub at the time. */
    hubId: uuid(),
    deliveredAt: timestamp({ withTimezone: true }),
    /** The return in progress (section 3's orderReturnId); while set, the order does not complete. */
    orderReturnId: uuid(),
    /** For a replacement order: the order whose return it replaces. */
    replacementOf: uuid(),
    // An order's money (commission, due, payable, paid out) is the ledger's alone (ADR 047): no column here.
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('orders_name_key').on(table.orderName),
    // Admin search across stores (issue 35): each kind of query has an index made for it, so a search reads only
    // what matches. Prefixes of the order name, the customer's phone (+234 form) and e-mail use text_pattern_ops
    // (LIKE 'x%' on any collation); words of the customer's name use a full-text index, prefix-matched ('ada:*').
    index('orders_name_prefix_idx').on(sql`order_name text_pattern_ops`),
    index('orders_customer_phone_prefix_idx').on(sql`(delivery_address->>'phoneNumber') text_pattern_ops`),
    index('orders_customer_email_prefix_idx').on(
      sql`lower(delivery_address->>'emailAddress') text_pattern_ops`,
    ),
    index('orders_customer_name_words_idx').using(
      'gin',
      sql`to_tsvector('simple', coalesce(delivery_address->>'fullName', ''))`,
    ),
    index('orders_status_idx').on(table.status, table.createdAt),
    // Late orders (service levels): those in a watched status that entered it before the limit's cutoff.
    index('orders_status_since_idx')
      .on(table.status, table.statusSince)
      .where(sql`status in ('pending', 'ready_for_pickup', 'in_transit', 'out_for_delivery')`),
    index('orders_partner_idx').on(table.partnerId, table.createdAt).where(sql`partner_id is not null`),
    index('orders_dispatcher_idx')
      .on(table.dispatcherId, table.createdAt)
      .where(sql`dispatcher_id is not null`),
    index('orders_tracker_idx').on(table.trackerId),
    index('orders_customer_idx').on(table.customerId, table.createdAt),
    // Sales reports (modules/reports, ADR 025): the columns a store's or the platform's figures add up, so lifetime
    // and top-merchant figures are read from the index alone; the tracker id decides whether a cancelled order was paid.
    // It also serves a store's orders newest first (store id, then time), so no narrower index on those two is kept:
    // every order written would update it for nothing.
    index('orders_store_sales_idx').on(
      table.storeId,
      table.createdAt,
      table.status,
      table.subtotalKobo,
      table.discountKobo,
      table.trackerId,
    ),
    index('orders_created_sales_idx').on(
      table.createdAt,
      table.storeId,
      table.status,
      table.subtotalKobo,
      table.discountKobo,
      table.trackerId,
    ),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid().notNull(),
    variantId: text(),
    productName: text().notNull(),
    sku: text().notNull(),
    unitPriceKobo: kobo().notNull(),
    quantity: integer().notNull(),
    discountKobo: kobo().notNull().default(0),
    hostedImages: jsonb().$type<string[]>().notNull().default([]),
    productVariant: jsonb().$type<{ size: string | null; color: string | null } | null>(),
  },
  (table) => [index('order_items_order_idx').on(table.orderId)],
);

export const orderActivities = pgTable(
  'order_activities',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text().notNull(),
    activity: text().notNull(),
    actorType: text().notNull(),
    actorId: uuid(),
    /** The photo uploaded with this move (shipping evidence), as the image's 800 px address. */
    evidence: text(),
    /** The signed parcel reference scanned from the label for this hand-over (ADR 078). */
    parcelRef: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_activities_order_idx').on(table.orderId, table.createdAt)],
);

/** Stock taken from a product (or variant) for an unpaid checkout; given back if payment does not come. */
export const stockReservations = pgTable(
  'stock_reservations',
  {
    id: uuid().primaryKey().defaultRandom(),
    trackerId: uuid()
      .notNull()
      .references(() => orderTrackers.id, { onDelete: 'cascade' }),
    productId: uuid().notNull(),
    variantId: text(),
    quantity: integer().notNull(),
    releasedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('stock_reservations_tracker_idx').on(table.trackerId),
    // What unpaid checkouts hold of one product, read at every checkout of a customer who never paid (issue 31).
    index('stock_reservations_open_product_idx').on(table.productId).where(sql`released_at is null`),
  ],
);

/**
 * One hand-over of an order from one party to the next (merchant to carrier, carrier to hub, carrier to customer),
 * each with its own token. Only the token's hash is kept; wrong tries are counted and lock the hand-over.
 */
export const orderHandovers = pgTable(
  'order_handovers',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Who hands the order over, e.g. `carrier`; the id is null until the carrier is known. */
    fromPartyKind: text().notNull(),
    fromPartyId: uuid(),
    /** Who receives it, e.g. `customer` with the customer's id. */
    toPartyKind: text().notNull(),
    toPartyId: uuid(),
    /** Hex SHA-256 of the token. */
    tokenHash: text().notNull(),
    wrongAttempts: integer().notNull().default(0),
    locked: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
    /** Set when `update-token` replaced this token with a new one. */
    invalidatedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('order_handovers_order_idx').on(table.orderId, table.createdAt)],
);

/**
 * Every assignment of an order to a carrier, kept after a decline so the reason stays with the order's history.
 * `status`: assigned (waiting for the carrier), accepted, declined, or done (the order moved past it).
 */
export const orderAssignments = pgTable(
  'order_assignments',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    carrierKind: text().$type<'dispatcher' | 'partner' | 'hub'>().notNull(),
    partnerId: uuid(),
    dispatcherId: uuid(),
    assignedBy: uuid().notNull(),
    status: text().$type<'assigned' | 'accepted' | 'declined' | 'done'>().notNull().default('assigned'),
    declineReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('order_assignments_order_idx').on(table.orderId, table.createdAt)],
);

export const orderRefundStatuses = [
  'pending',
  'processing',
  'unknown',
  'processed',
  'failed',
  'rejected',
] as const;
export type OrderRefundStatus = (typeof orderRefundStatuses)[number];

/** What one refund covers: units of order items, each with what was paid for them (ADR 026). */
export interface RefundLine {
  orderItemId: string;
  quantity: number;
  amountKobo: number;
}

/**
 * The refund history: every refund of an order, to the provider or to the gift cards that paid, with its amount,
 * reason, provider reference and status. A row is booked (under the tracker's row lock) before any money moves, so
 * the amounts booked never pass what was paid; a rejected row no longer counts. Each row is one posting for the
 * ledger: from the store (or the platform, `chargedTo`) back to the customer.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Our own reference (RFD-…), sent to the provider as the refund's note. */
    reference: text().notNull(),
    trackerId: uuid()
      .notNull()
      .references(() => orderTrackers.id, { onDelete: 'cascade' }),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The return it settles; null for a cancellation. */
    returnId: uuid(),
    /** `chargeback`: the card-holder's bank reversed the payment (a Paystack dispute resolved against us, ADR 049). */
    kind: text().$type<'cancellation' | 'return' | 'chargeback'>().notNull(),
    /** `bank_transfer`: an order paid at the door, paid back by the platform's transfer (ADR 089). */
    destination: text().$type<'provider' | 'gift_card' | 'bank_transfer'>().notNull(),
    /** The checkout's payment reference (CHK-…) the provider refunds against. */
    paymentReference: text().notNull(),
    amountKobo: kobo().notNull(),
    /** Of amountKobo, the shipping fee (refunded only with the whole order). */
    shippingKobo: kobo().notNull().default(0),
    lines: jsonb().$type<RefundLine[]>().notNull().default([]),
    reason: text().notNull(),
    status: text().$type<OrderRefundStatus>().notNull().default('pending'),
    /** The provider's id of the refund, once it answered (or the webhook told). */
    providerReference: text(),
    failureReason: text(),
    /**
     * Paystack said `refund.needs-attention`: it could not finish the refund and a person must act in its dashboard
     * (ADR 044). Shown to admins on the refunds screen until the refund is processed, failed or rejected.
     */
    needsAttention: boolean().notNull().default(false),
    attempts: integer().notNull().default(0),
    chargedTo: text().$type<'merchant' | 'platform'>().notNull().default('merchant'),
    requestedByRole: text().notNull(),
    requestedBy: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp({ withTimezone: true }),
    /**
     * When the automatic retry of a failed refund is due (ADR 049: growing delays, a bounded number of tries); null
     * when none is due (not failed, decided, or the tries are used up and an admin must decide).
     */
    nextAttemptAt: timestamp({ withTimezone: true }),
    /**
     * An admin's explicit decision on a refund the provider did not make (ADR 049): `rejected` (the money is not going
     * back) or `paid_another_way` (it went back outside the provider). The reason is shown to the customer.
     */
    decision: text().$type<'rejected' | 'paid_another_way'>(),
    decisionReason: text(),
    decidedBy: uuid(),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('order_refunds_reference_key').on(table.reference),
    index('order_refunds_retry_idx')
      .on(table.nextAttemptAt)
      .where(sql`status = 'failed' and next_attempt_at is not null`),
    index('order_refunds_order_idx').on(table.orderId, table.createdAt),
    index('order_refunds_payment_idx').on(table.paymentReference),
    index('order_refunds_status_idx').on(table.status, table.createdAt),
  ],
);

/**
 * Read model (issue 30, ADR 081 amended): the customer of each checkout by its payment reference, for a statement of
 * another module that reads it in itself (a checkout's payment and its confirmation mail, ADR 087). A checkout's
 * customer never changes, so it is read without a lock. Made by migration 0053_read_model_views (`.existing()`).
 */
export const checkoutCustomers = pgView('checkout_customers', {
  reference: text('reference').notNull(),
  customerId: uuid('customer_id').notNull(),
}).existing();
