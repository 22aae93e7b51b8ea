import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The accounts of the books (ADR 027). Debits are positive, credits negative; every movement's lines sum to zero.
 * - `payments_clearing`: money customers paid (card or gift card), less what went back or out (refunds, payouts).
 * - `merchant_escrow` / `merchant_payable` (per store): what the store is owed before and after its orders complete
 *   (a credit balance; a debit balance on payable is a debt netted against the next payout).
 * - `platform_commission`, `shipping_fees` (to whoever delivers), `platform_chargebacks` (refunds the platform bore).
 */
export const ledgerAccounts = [
  'payments_clearing',
  'merchant_escrow',
  'merchant_payable',
  'platform_commission',
  'shipping_fees',
  'platform_chargebacks',
] as const;
export type LedgerAccount = (typeof ledgerAccounts)[number];

export const ledgerKinds = [
  'payment',
  'commission',
  'shipping_fee',
  'escrow_release',
  'refund',
  'refund_reversal',
  'chargeback',
  'payout',
  'payout_reversal',
  /**
   * Subaccount settlement (ADR 051): Paystack paid the store's share of a split charge to its subaccount, out of the
   * money the customer paid (payable debited, clearing credited): the store's "paid out" in that mode.
   */
  'settlement',
] as const;
export type LedgerKind = (typeof ledgerKinds)[number];

/** One line of a movement; the lines of one `movementId` always sum to zero. Never updated or deleted. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid().primaryKey().defaultRandom(),
    movementId: uuid().notNull(),
    kind: text().$type<LedgerKind>().notNull(),
    account: text().$type<LedgerAccount>().notNull(),
    /** The store of a merchant account (null for the platform's accounts). */
    storeId: uuid(),
    orderId: uuid(),
    refundId: uuid(),
    payoutId: uuid(),
    /** Kobo; debit positive, credit negative. */
    amountKobo: bigint({ mode: 'number' }).notNull(),
    memo: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ledger_entries_store_account_idx').on(table.storeId, table.account),
    index('ledger_entries_order_idx').on(table.orderId),
    index('ledger_entries_refund_idx').on(table.refundId).where(sql`refund_id is not null`),
    index('ledger_entries_movement_idx').on(table.movementId),
  ],
);

export const payoutStatusValues = ['approved', 'processing', 'processed', 'failed', 'reversed'] as const;

/**
 * One payment of a store's payable money to its bank account. At most one open (approved or processing) payout per
 * store, by the partial unique index: two approvals at once make one payout.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Our reference (pay_…, PAY-… before ADR 044), the transfer's reference at the provider. */
    reference: text().notNull(),
    storeId: uuid().notNull(),
    storeName: text().notNull(),
    amountKobo: bigint({ mode: 'number' }).notNull(),
    status: text().$type<(typeof payoutStatusValues)[number]>().notNull().default('approved'),
    orderCount: bigint({ mode: 'number' }).notNull().default(0),
    approvedBy: uuid().notNull(),
    bankName: text(),
    accountNumberLast4: text(),
    recipientCode: text(),
    transferCode: text(),
    /**
     * The provider holds the transfer until the business confirms it with the OTP sent to its phone (Paystack's
     * transfer status `otp`, ADR 044). Cleared while a finalise is on its way, so two finalises send it once.
     */
    needsOtp: boolean().notNull().default(false),
    failureReason: text(),
    approvedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payouts_reference_key').on(table.reference),
    uniqueIndex('payouts_one_open_per_store')
      .on(table.storeId)
      .where(sql`status in ('approved', 'processing')`),
    index('payouts_store_idx').on(table.storeId, table.approvedAt),
    index('payouts_status_idx').on(table.status, table.approvedAt),
    check('payouts_amount_positive', sql`${table.amountKobo} > 0`),
  ],
);
