import type { Payout } from '@market/contracts';
import { bound } from '../../platform/bound.js';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import type { TransferProvider } from '../../platform/payments/index.js';
import {
  adminPayouts,
  merchantBalances,
  merchantHistory,
  payableMerchants,
  stats,
} from './ledger.balances.js';
import {
  type BookingsContext,
  bookDoorRefundPaid,
  bookPayments,
  bookRefunds,
  bookRemittance,
  bookWholeRefund,
  carrierCash,
  chargeRefundsTo,
  markUndone,
  orderPage,
  podFeesKobo,
  releaseManyToPayable,
  releaseToPayable,
  reverseRefund,
  unbooked,
} from './ledger.bookings.js';
import { listCategories, updateCategory } from './ledger.categories.js';
import { bookPaymentsAtOnce, postMany as postMovements } from './ledger.movements.js';
import { payoutView } from './ledger.payout-rows.js';
import {
  confirmLatePayouts,
  finalizeOtp,
  openPayout,
  type PayoutsContext,
  refuseBeyondBalance,
  resendOtp,
  sendApproved,
  settleTransfer,
} from './ledger.payouts.js';
import type { LedgerAccount, LedgerKind, ledgerOrders } from './ledger.schema.js';
import { settlementSplit, settleSplit } from './ledger.settlement.js';

export { commissionOf, commissionSql, mulDivHalfUp } from './ledger.commission.js';
export {
  newPayoutReference,
  PAYOUT_CONFIRM_AFTER_MINUTES,
  PAYOUT_OUTCOME_UNKNOWN,
  PAYOUT_UNKNOWN_ASK_AFTER_MS,
} from './ledger.payout-rows.js';

// The books of commission, escrow and payouts (ADR 027). Every movement is a set of lines (debit positive, credit
// negative) that sums to zero, written in the transaction of the fact it records; balances are sums of lines.

/** What the books need to know of a paid order (the orders module's facts, handed over by the flows). */
export interface OrderFacts {
  id: string;
  orderName: string;
  storeId: string;
  subtotalKobo: number;
  discountKobo: number;
  shippingFeeKobo: number;
  /** When it was paid, when that was before it is booked (an order the books hear of late); now otherwise. */
  paidAt?: Date | null;
  /** When it was placed: its Lagos day is the day the roll-ups count it on (ADR 067). */
  createdAt: Date;
  totalKobo: number;
}

/** What the books need to know of a booked refund (ADR 026's rows). */
export interface RefundFacts {
  id: string;
  orderId: string;
  reference: string;
  amountKobo: number;
  /** Of amountKobo, the delivery fee. */
  shippingKobo: number;
  status: string;
  chargedTo: 'merchant' | 'platform';
  /** `bank_transfer`: an order paid at the door, refunded by the platform's transfer (ADR 089). */
  destination?: string;
}

export type LedgerOrderPage = typeof ledgerOrders.$inferSelect;

/**
 * What the ledger is handed by the composition: the transfer provider (Paystack Transfers, or the sandbox's, which
 * answers through the payments module's webhook). The stores' and bank accounts' facts it reads through those
 * modules' index (`ledger.store-facts.ts`).
 */
export interface LedgerNeeds {
  transfers: TransferProvider;
}

/** A store's share of a split checkout (ADR 051), as the payments module keeps it on the payment. */
export interface SettlementShare {
  party: string;
  subaccount: string;
  shareKobo: number;
  orderId?: string | null;
}

/** What a split is worked out on: a checkout's orders, one per store. */
export type SplitOrder = Pick<OrderFacts, 'id' | 'storeId' | 'subtotalKobo' | 'discountKobo'>;

export interface Line {
  account: LedgerAccount;
  storeId?: string | null;
  /** The carrier of a `carrier_cash` line (ADR 074). */
  carrierId?: string | null;
  amountKobo: number;
}

/** Who paid an order that was not paid online: the carrier that took cash at the door, and the fee (ADR 074). */
export interface CashAtTheDoor {
  carrierId: string;
  feeKobo: number;
}

export interface Links {
  orderId?: string | null;
  refundId?: string | null;
  payoutId?: string | null;
}

export interface Movement {
  kind: LedgerKind;
  memo: string;
  links: Links;
  lines: Line[];
}

/**
 * The books as named functions of their contexts (ADR 091, 104): bookings of orders' money (`ledger.bookings.ts`),
 * payouts (`.payouts.ts`), balances and the admins' figures (`.balances.ts`), categories (`.categories.ts`),
 * subaccount splits (`.settlement.ts`); the lines are written by `.movements.ts`. Bound here.
 */
export function createLedgerService(deps: Deps, needs: LedgerNeeds) {
  const { db } = deps;
  const log = deps.logger;
  const bookPaymentsStatement = bookPaymentsAtOnce();
  const postMany = (executor: Db, movements: Movement[]) => postMovements(deps.now, executor, movements);
  const post = (executor: Db, kind: LedgerKind, memo: string, links: Links, lines: Line[]) =>
    postMany(executor, [{ kind, memo, links, lines }]);

  /** What the payouts' functions (ledger.payouts.ts) share of the books. */
  const ctx: PayoutsContext = { deps, db, log, needs, post, postMany };
  /** What the bookings of orders' money (ledger.bookings.ts) share of the books. */
  const books: BookingsContext = { deps, log, post, postMany, bookPaymentsAtOnce: bookPaymentsStatement };

  return {
    bookPayments: bound(books, bookPayments),
    bookRemittance: bound(books, bookRemittance),
    bookDoorRefundPaid: bound(books, bookDoorRefundPaid),
    carrierCash,
    podFeesKobo,
    releaseToPayable: bound(books, releaseToPayable),
    releaseManyToPayable: bound(books, releaseManyToPayable),
    bookRefunds: bound(books, bookRefunds),
    reverseRefund: bound(books, reverseRefund),
    chargeRefundsTo: bound(books, chargeRefundsTo),
    bookWholeRefund: bound(books, bookWholeRefund),
    markUndone: bound(books, markUndone),
    unbooked,
    orderPage,
    settleTransfer: bound(ctx, settleTransfer),
    confirmLatePayouts: bound(ctx, confirmLatePayouts),
    finalizeOtp: bound(ctx, finalizeOtp),
    resendOtp: bound(ctx, resendOtp),
    settlementSplit: bound(ctx, settlementSplit),
    settleSplit: bound(ctx, settleSplit),
    refuseBeyondBalance: bound(ctx, refuseBeyondBalance),
    merchantBalances: bound(ctx, merchantBalances),
    merchantHistory: bound(ctx, merchantHistory),
    adminPayouts: bound(ctx, adminPayouts),
    stats: bound(ctx, stats),
    payableMerchants: bound(ctx, payableMerchants),
    openPayout: bound(ctx, openPayout),
    /** Step "send" of the payout flow: the approved payout to the provider, once (`sendApproved` claims it). */
    sendPayout: async (payoutId: string): Promise<Payout> => payoutView(await sendApproved(ctx, payoutId)),
    categories: bound(ctx, listCategories),
    updateCategory: bound(ctx, updateCategory),
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
