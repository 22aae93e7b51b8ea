import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** One store's part of a split charge: `party` is the store, `subaccount` its Paystack subaccount. */
export interface PaymentSplitLine {
  party: string;
  subaccount: string;
  shareKobo: number;
  /** The order of the store the share was worked out on (a checkout has one order per store). */
  orderId?: string | null;
}

export const paymentStatuses = ['initialized', 'success', 'failed', 'abandoned', 'mismatch'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/**
 * One row per payment we ask a provider to take, written BEFORE the provider hears of it, so every reference the
 * provider may report back is one we generated. Amounts are kobo; bigint because a checkout may pass ₦21 million
 * (the int4 limit in kobo). The card and channel fields are the specification's Transaction fields.
 */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: uuid().primaryKey().defaultRandom(),
    reference: text().notNull().unique(),
    /** The reference prefix, naming the domain (PaymentPurpose) that is told of the outcome. */
    purpose: text().notNull(),
    provider: text().$type<'paystack' | 'sandbox'>().notNull(),
    /** The signed-in account that started the payment; only it may ask for its status. */
    customerId: uuid(),
    amountKobo: bigint({ mode: 'number' }).notNull(),
    currency: text().notNull().default('NGN'),
    status: text().$type<PaymentStatus>().notNull().default('initialized'),
    metadata: jsonb().$type<Record<string, string | number | boolean>>().notNull().default({}),
    providerTransactionId: text(),
    feesKobo: bigint({ mode: 'number' }),
    customerEmail: text().notNull(),
    cardType: text(),
    cardLast4: text(),
    bank: text(),
    country: text(),
    ipAddress: text(),
    channel: text(),
    paidAt: timestamp({ withTimezone: true }),
    gatewayResponse: text(),
    /**
     * The flat split the provider was asked to make of this charge (subaccount settlement, ADR 051): each store's
     * subaccount and share in kobo. Paystack settles those shares to the stores itself; null when there was none.
     */
    split: jsonb().$type<PaymentSplitLine[]>(),
    /** Kobo already sent back; a refund is refused beyond the amount paid. */
    refundedKobo: bigint({ mode: 'number' }).notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payment_transactions_customer_idx').on(table.customerId, table.createdAt),
    index('payment_transactions_status_idx').on(table.status, table.createdAt),
    // The admin's transactions list (finance, ADR 028): every payment newest first, and a range of days.
    index('payment_transactions_created_idx').on(table.createdAt),
    // Its search (ADR 082): a prefix of the reference (any case) or of the customer's e-mail, each by its own index.
    index('payment_transactions_reference_prefix_idx').on(sql`upper(reference) text_pattern_ops`),
    index('payment_transactions_email_prefix_idx').on(sql`lower(customer_email) text_pattern_ops`),
  ],
);

/**
 * Every signed webhook delivery we accepted. The unique event key makes a replayed or re-sent delivery a no-op
 * (insert … on conflict do nothing), whatever the provider's retry policy.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    provider: text().notNull(),
    eventKey: text().notNull().unique(),
    reference: text().notNull(),
    event: text().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp({ withTimezone: true }),
    /** settled:success, settled:mismatch, ignored, unknown-reference, … */
    outcome: text(),
  },
  (table) => [index('webhook_events_reference_idx').on(table.reference)],
);

/**
 * Card-holder disputes (chargebacks at the customer's bank) the provider told us of (`charge.dispute.*`, ADR 044):
 * one row per provider dispute, its latest state. Paystack takes the disputed amount from the balance when a dispute
 * is lost, so admins must answer before `dueAt`; the decision of who bears it is the returns' chargeback flow's.
 */
export const paymentDisputes = pgTable(
  'payment_disputes',
  {
    id: uuid().primaryKey().defaultRandom(),
    provider: text().notNull(),
    providerDisputeId: text().notNull(),
    /** Our payment's reference; null when the provider named a payment that is not ours. */
    paymentReference: text(),
    /** create, remind or resolve: the last event heard. */
    stage: text().$type<'create' | 'remind' | 'resolve'>().notNull(),
    status: text(),
    resolution: text(),
    category: text(),
    refundAmountKobo: bigint({ mode: 'number' }),
    currency: text(),
    dueAt: timestamp({ withTimezone: true }),
    resolvedAt: timestamp({ withTimezone: true }),
    /**
     * Who bears the money if the bank reverses the payment (ADR 049): the store (charged back, the default) or the
     * platform, decided by an admin with an internal note.
     */
    bearer: text().$type<'merchant' | 'platform'>(),
    bearerNote: text(),
    decidedBy: uuid(),
    decidedAt: timestamp({ withTimezone: true }),
    /**
     * What the resolution did to the books: `refund-booked` (accepted: the reversal is a refund of the orders),
     * `nothing-moved` (declined), `needs-review` (accepted but not the whole card payment, or gift cards also paid:
     * an admin settles it through returns).
     */
    outcome: text().$type<'refund-booked' | 'nothing-moved' | 'needs-review'>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payment_disputes_provider_id_key').on(table.provider, table.providerDisputeId),
    index('payment_disputes_payment_idx').on(table.paymentReference),
  ],
);
