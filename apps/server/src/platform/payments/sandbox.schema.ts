import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The built-in sandbox's own ledger, standing in for Paystack's side of a transaction: what was initialised and
 * what the payer's attempt did. The payments service never reads it; it asks the sandbox provider's verify().
 */
export const sandboxCharges = pgTable('sandbox_charges', {
  reference: text().primaryKey(),
  /** Numeric like Paystack's transaction id. */
  transactionId: text().notNull(),
  amountKobo: bigint({ mode: 'number' }).notNull(),
  currency: text().notNull().default('NGN'),
  email: text().notNull(),
  callbackUrl: text().notNull(),
  metadata: jsonb().$type<Record<string, string | number | boolean>>().notNull().default({}),
  /** The flat split the charge was initialised with (subaccount settlement, ADR 051); null when none. */
  split: jsonb().$type<{ subaccount: string; share: number }[]>(),
  /** pending (no attempt yet), send_otp (waiting for the OTP), success or failed. */
  status: text().$type<'pending' | 'send_otp' | 'success' | 'failed'>().notNull().default('pending'),
  channel: text(),
  cardType: text(),
  cardLast4: text(),
  bank: text(),
  countryCode: text(),
  /** Paystack's reusable `authorization_code` for the card that paid (deterministic: card and payer). */
  authorizationCode: text(),
  ipAddress: text(),
  feesKobo: bigint({ mode: 'number' }),
  gatewayResponse: text(),
  paidAt: timestamp({ withTimezone: true }),
  refundedKobo: bigint({ mode: 'number' }).notNull().default(0),
  /**
   * Each refund the sandbox made against the charge, as Paystack's `GET /refund?transaction=…` lists them: how an
   * unknown refund outcome is settled on the embedded default (ADR 061).
   */
  refunds: jsonb().$type<{ id: string; amountKobo: number; status: 'processed' }[]>().notNull().default([]),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The sandbox's record of the transfers it made (standing in for Paystack's), so that asking it about a payout whose
 * webhook never arrived answers what it did, as Paystack's transfer verify does. One row per payout reference.
 */
export const sandboxTransfers = pgTable('sandbox_transfers', {
  reference: text().primaryKey(),
  transferCode: text().notNull(),
  amountKobo: bigint({ mode: 'number' }).notNull(),
  recipientCode: text().notNull(),
  /** The sandbox finishes every transfer it accepts, at once or (transfer OTPs on) once finalised. */
  status: text().$type<'success' | 'otp'>().notNull().default('success'),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The refunds the sandbox made (standing in for Paystack's refund list), one row per refund, so that reconciliation
 * (ADR 065) can list them as Paystack's `GET /refund` does. `id` is the refund id the sandbox answered.
 */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    id: text().primaryKey(),
    /** The refunded charge's reference. */
    reference: text().notNull(),
    amountKobo: bigint({ mode: 'number' }).notNull(),
    status: text().notNull().default('processed'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sandbox_refunds_created_idx').on(table.createdAt)],
);
