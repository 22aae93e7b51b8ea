import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  pgView,
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
  /** Pay on delivery (ADR 074): cash a carrier took at the door and holds (per carrier, `carrier_id`). */
  'carrier_cash',
  /** The platform's fee on orders paid at the door. */
  'pod_fees',
  /** Carriers' cash remitted to the platform's bank account (confirmed by an admin). */
  'pod_remitted',
  /**
   * Refunds of orders paid at the door owed to their customers (ADR 089): credited when booked, debited when an
   * admin records the bank transfer that paid them (out of `pod_remitted`).
   */
  'pod_refunds_owed',
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
  /** Pay on delivery (ADR 074): the fee the carrier collected beside the order's total. */
  'pod_fee',
  /** A carrier's remittance of held cash to the platform. */
  'remittance',
  /** A refund of an order paid at the door paid by the platform's bank transfer (ADR 089). */
  'pod_refund_paid',
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
    /** The carrier of a `carrier_cash` line (ADR 074). */
    carrierId: uuid(),
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
    index('ledger_entries_carrier_idx').on(table.carrierId, table.account).where(sql`carrier_id is not null`),
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
    /**
     * The order's own amounts and its Lagos day (the day it was placed), as the order had them when it was booked
     * (ADR 067): the roll-ups count the order on that day, so the books can rebuild them without the orders' table.
     */
    orderDay: date({ mode: 'string' }).notNull(),
    subtotalKobo: bigint({ mode: 'number' }).notNull(),
    discountKobo: bigint({ mode: 'number' }).notNull(),
    shippingKobo: bigint({ mode: 'number' }).notNull(),
    totalKobo: bigint({ mode: 'number' }).notNull(),
    /**
     * When the order was taken back for good, cancelled after payment or returned (ADR 082): it no longer stands,
     * so merchants' figures and top merchants leave it out. Kept on the page so the roll-ups rebuild from the books.
     */
    undoneAt: timestamp({ withTimezone: true }),
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

/** The figures a roll-up keeps per store and Lagos day (ADR 067), the same as `LedgerOrderFigures` adds up. */
const dayFigures = () => ({
  /** Paid orders placed that day (booked), with their own amounts. */
  ordersCount: bigint({ mode: 'number' }).notNull().default(0),
  totalKobo: bigint({ mode: 'number' }).notNull().default(0),
  subtotalKobo: bigint({ mode: 'number' }).notNull().default(0),
  discountKobo: bigint({ mode: 'number' }).notNull().default(0),
  shippingKobo: bigint({ mode: 'number' }).notNull().default(0),
  commissionKobo: bigint({ mode: 'number' }).notNull().default(0),
  dueKobo: bigint({ mode: 'number' }).notNull().default(0),
  escrowDueKobo: bigint({ mode: 'number' }).notNull().default(0),
  payableDueKobo: bigint({ mode: 'number' }).notNull().default(0),
  refundedKobo: bigint({ mode: 'number' }).notNull().default(0),
  refundedGoodsKobo: bigint({ mode: 'number' }).notNull().default(0),
  settledKobo: bigint({ mode: 'number' }).notNull().default(0),
  paidOutKobo: bigint({ mode: 'number' }).notNull().default(0),
  goodsKeptKobo: bigint({ mode: 'number' }).notNull().default(0),
  /** Of those orders, the ones taken back for good (cancelled after payment, returned) and their goods kept (ADR 082). */
  undoneCount: bigint({ mode: 'number' }).notNull().default(0),
  undoneGoodsKeptKobo: bigint({ mode: 'number' }).notNull().default(0),
});

/** A store's balances (ADR 067): what its escrow and payable accounts hold (credit positive) and what was settled. */
const balanceFigures = () => ({
  escrowKobo: bigint({ mode: 'number' }).notNull().default(0),
  payableKobo: bigint({ mode: 'number' }).notNull().default(0),
  settlementKobo: bigint({ mode: 'number' }).notNull().default(0),
});

/**
 * Roll-ups (ADR 067), folded: each store's figures per Lagos day of its orders. Written only by the fold, which adds
 * the deltas up; a report reads these rows plus the deltas not yet folded. Rebuilt from the books by
 * `npm run rollups:rebuild`.
 */
export const ledgerStoreDays = pgTable(
  'ledger_store_days',
  { storeId: uuid().notNull(), day: date({ mode: 'string' }).notNull(), ...dayFigures() },
  (table) => [
    primaryKey({ columns: [table.storeId, table.day] }),
    index('ledger_store_days_day_idx').on(table.day),
  ],
);

/** Roll-ups (ADR 067), folded: each store's balances. */
export const ledgerStoreBalances = pgTable('ledger_store_balances', {
  storeId: uuid().primaryKey(),
  ...balanceFigures(),
});

/**
 * What each posting changed of the roll-ups (ADR 067), appended in the posting's own statement, so a busy store's
 * payments never wait on one another for a row. `day` is the Lagos day of the lines' order (null for lines of no
 * order: payouts, a settlement ahead of its order); its figures then stay zero and only the balances move. The fold
 * job moves them into `ledger_store_days` and `ledger_store_balances` and deletes them, in one statement.
 */
export const ledgerRollupDeltas = pgTable(
  'ledger_rollup_deltas',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    storeId: uuid().notNull(),
    day: date({ mode: 'string' }),
    ...dayFigures(),
    ...balanceFigures(),
  },
  (table) => [index('ledger_rollup_deltas_store_day_idx').on(table.storeId, table.day)],
);

/**
 * Work of the books done once (ADR 067): `books.caught-up` says every paid order written before the ledger, or by a
 * seed, has been booked; a start reads this row instead of scanning every paid order. A seed that writes paid orders
 * without booking them removes it.
 */
export const ledgerMarks = pgTable('ledger_marks', {
  name: text().primaryKey(),
  doneAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

// ---------- read models (issue 30, ADR 081 amended) ----------
// Relations the ledger publishes for another module's statement to read in itself, made by migration
// 0053_read_model_views (`.existing()`: drizzle-kit leaves them alone). Their logic is the migration's SQL; the
// ledger's tests check it against DAY_FIGURES and the books.

const viewFigure = (name: string) => bigint(name, { mode: 'number' }).notNull();

/**
 * The roll-up rows by store and Lagos day as they are: the folded rows and the deltas not yet folded (several rows
 * for one store and day, so a reader adds them up: sums are the same whichever rows they are split into). Columns:
 * `store_id`, `day`, the day figures (DAY_FIGURES), and each row's standing orders and net sales as the merchants'
 * figures count them (ADR 082: orders neither cancelled after payment nor returned, what their customers kept of the
 * goods). A reader's conditions on `day` and `store_id` reach both tables' indexes (a UNION ALL view is flattened).
 */
export const ledgerStoreDayRows = pgView('ledger_store_day_rows', {
  storeId: uuid('store_id').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  ordersCount: viewFigure('orders_count'),
  totalKobo: viewFigure('total_kobo'),
  subtotalKobo: viewFigure('subtotal_kobo'),
  discountKobo: viewFigure('discount_kobo'),
  shippingKobo: viewFigure('shipping_kobo'),
  commissionKobo: viewFigure('commission_kobo'),
  dueKobo: viewFigure('due_kobo'),
  escrowDueKobo: viewFigure('escrow_due_kobo'),
  payableDueKobo: viewFigure('payable_due_kobo'),
  refundedKobo: viewFigure('refunded_kobo'),
  refundedGoodsKobo: viewFigure('refunded_goods_kobo'),
  settledKobo: viewFigure('settled_kobo'),
  paidOutKobo: viewFigure('paid_out_kobo'),
  goodsKeptKobo: viewFigure('goods_kept_kobo'),
  undoneCount: viewFigure('undone_count'),
  undoneGoodsKeptKobo: viewFigure('undone_goods_kept_kobo'),
  standingOrdersCount: viewFigure('standing_orders_count'),
  netSalesKobo: viewFigure('net_sales_kobo'),
}).existing();

/**
 * The goods part of what went back to each order's customer (refunds net of their reversals, the delivery fee given
 * back taken off; see `refundedGoods`), one row per order with any refund line: an order without one has none (0).
 */
export const ledgerOrderRefundedGoods = pgView('ledger_order_refunded_goods', {
  orderId: uuid('order_id').notNull(),
  refundedGoodsKobo: viewFigure('refunded_goods_kobo'),
}).existing();
