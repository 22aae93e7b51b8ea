import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
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
 * - `platform_kept` (ADR 059): money a customer paid that went neither back to them nor to a store: a refund
 *   rejected on an order that will never complete (cancelled or returned), whose goods the store has.
 */
export const ledgerAccounts = [
  'payments_clearing',
  'merchant_escrow',
  'merchant_payable',
  'platform_commission',
  'shipping_fees',
  'platform_chargebacks',
  'platform_kept',
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
  /**
   * A refund rejected on an order that will never complete (ADR 059): what the refund gave back to the store, the
   * commission, the delivery fee and the chargebacks moves to `platform_kept`, beside the refund's exact reversal.
   */
  'refund_kept',
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
    /**
     * Since when nobody knows whether the provider acted on our last call for this payout (its transfer or its OTP
     * finalise timed out, was cut off or answered 5xx, ADR 061): the payout's status stays `processing` (open: it may
     * be paid), nothing is sent again, and the late-payouts job asks the provider (transfer verify) to settle it.
     * Null once anything settles it. The admin's payouts screen filters on it ("outcome unknown").
     */
    outcomeUnknownSince: timestamp({ withTimezone: true }),
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

/**
 * The books' page of one paid order (ADR 047): opened when its payment is booked, in the same transaction as the
 * payment's movements. It holds no money (every figure is a sum of `ledger_entries`), only what the books need to
 * know of the order to post its later movements: its store, the commission rate it was charged, and whether its due
 * amount has become payable (completion). An order without a page has not been booked.
 */
export const ledgerOrders = pgTable(
  'ledger_orders',
  {
    orderId: uuid().primaryKey(),
    storeId: uuid().notNull(),
    /** The store's payment category's rate when the order was paid. */
    commissionBasisPoints: integer().notNull(),
    bookedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When its due amount moved from escrow to payable (the order completed). */
    payableAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('ledger_orders_store_idx').on(table.storeId, table.bookedAt)],
);

/**
 * Which orders' payable money a payout carries, and how much of each (ADR 047), written when the payout is approved.
 * What a processed payout paid of an order is its row here; a failed or reversed payout's rows count for nothing,
 * so the orders are payable again without any write. The amounts of one payout add up to its amount (a negative one
 * is a refund after an earlier payout, netted).
 */
export const payoutOrders = pgTable(
  'payout_orders',
  {
    payoutId: uuid()
      .notNull()
      .references(() => payouts.id, { onDelete: 'cascade' }),
    orderId: uuid().notNull(),
    amountKobo: bigint({ mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.payoutId, table.orderId] }),
    index('payout_orders_order_idx').on(table.orderId),
  ],
);
