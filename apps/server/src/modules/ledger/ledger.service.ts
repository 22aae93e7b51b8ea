import { randomUUID } from 'node:crypto';
import {
  type AdminPaymentStats,
  basisPointsToPercent,
  koboToNaira,
  type MerchantBalances,
  type PayableMerchant,
  type PaymentCategory,
  type Payout,
  type PayoutFilter,
  type PayoutStatus,
  percentToBasisPoints,
} from '@market/contracts';
import { and, count, desc, eq, inArray, isNotNull, type SQL, sql, sum } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record.js';
import type { Db } from '../../platform/db/client.js';
import { insertFromJson, jsonRows } from '../../platform/db/json-rows.js';
import { pageInfo } from '../../platform/db/paging.js';
import { preparedSql } from '../../platform/db/prepared.js';
import type { Deps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import type { TransferEvent, TransferProvider } from '../../platform/payments/index.js';
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
import { commissionSql, STANDARD_BASIS_POINTS } from './ledger.commission.js';
import { OPEN, payoutView } from './ledger.payout-rows.js';
import {
  confirmLatePayouts,
  finalizeOtp,
  openPayout,
  type PayoutPayee,
  type PayoutsContext,
  refuseBeyondBalance,
  resendOtp,
  sendApproved,
  settleTransfer,
} from './ledger.payouts.js';
import { storeFigures } from './ledger.reads.js';
import { insertDeltasSql, openedPagesDeltasSql, rollupDeltasSql, storeBalances } from './ledger.rollups.js';
import {
  type LedgerAccount,
  type LedgerKind,
  ledgerEntries,
  ledgerOrders,
  payouts,
} from './ledger.schema.js';
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

export interface LedgerNeeds {
  /**
   * The commission of the store whose id is `storeId` (an SQL expression) in basis points, null when its store has
   * no payment category (stores module): read in the statement that sets the orders' commissions (ADR 037).
   */
  commissionBasisPointsSql(storeId: SQL): SQL;
  /** One store's commission in basis points, null without a payment category (the stores module's read). */
  commissionBasisPoints(executor: Db, storeId: string): Promise<number | null>;
  storeName(executor: Db, storeId: string): Promise<string | undefined>;
  /** The store's saved, bank-resolved payout account (bank-accounts module). */
  bankAccount(
    executor: Db,
    storeId: string,
  ): Promise<{ bankCode: string; bankName: string; accountNumber: string; accountName: string } | undefined>;
  categories: {
    list(executor: Db): Promise<
      {
        slug: string;
        name: string;
        commissionBasisPoints: number;
        storeCount: number;
        updatedAt: Date;
      }[]
    >;
    update(
      executor: Db,
      slug: string,
      basisPoints: number,
      at: Date,
    ): Promise<{ slug: string; name: string; commissionBasisPoints: number; updatedAt: Date } | undefined>;
  };
  transfers: TransferProvider;
  /** The Paystack subaccount of each of these stores that has one (bank-accounts module; ADR 051). */
  subaccountCodes(executor: Db, storeIds: string[]): Promise<Map<string, string>>;
  /**
   * What the payable merchants page shows of each of these stores beside its money, in a bounded number of
   * statements whatever the page's length: its name (stores module), whether it has a saved payout account and
   * whether that has a Paystack subaccount (bank-accounts module).
   */
  payees(
    executor: Db,
    storeIds: string[],
  ): Promise<Map<string, { storeName: string; hasBankAccount: boolean; hasSubaccount: boolean }>>;
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

// Built once (ADR 037): every payment writes its lines, one JSON parameter for any number of them.
const entryKeys = [
  'movementId',
  'kind',
  'account',
  'storeId',
  'carrierId',
  'orderId',
  'refundId',
  'payoutId',
  'amountKobo',
  'memo',
  'createdAt',
] as const;
const entriesJson = jsonRows(ledgerEntries, entryKeys);
/** The lines, and in the same statement what they change of the roll-ups (ADR 067). */
const insertEntries = preparedSql(
  'ledger_insert_entries',
  () => sql`with ins as (${insertFromJson(ledgerEntries, entryKeys, 'entries')} returning *)
    ${insertDeltasSql(rollupDeltasSql(sql`ins`))}`,
);

/** A function of a context, as a method of the service: the context given once. */
function withContext<C, A extends unknown[], R>(
  context: C,
  fn: (context: C, ...args: A) => R,
): (...args: A) => R {
  return (...args) => fn(context, ...args);
}

export function createLedgerService(deps: Deps, needs: LedgerNeeds) {
  const { db } = deps;
  const log = deps.logger;
  const settlementMode = deps.config.settlementMode;

  /**
   * At payment, each order's page of the books with the commission rate of its store (the standard one, flagged,
   * when the store has none), and the commission that rate gives, in one statement built once (ADR 037). Orders that
   * already have a page are left alone (answered without a row), so booking a payment twice posts nothing twice.
   * `$orders`: the orders' id, store, item subtotal and discount as JSON.
   */
  const openPages = preparedSql<{
    order_id: string;
    basis_points: number;
    rate_missing: boolean;
    /** bigint: text from node-postgres, a number from PGlite. */
    commission_kobo: string | number;
  }>(
    'ledger_open_pages_at_payment',
    () => sql`with v as (select x.order_id, x.store_id, x.paid_at, x.basis_points, x.rate_missing, k.commission_kobo,
          x.subtotal, x.discount, x.shipping, x.total, x.order_day
        from (select v.order_id, v.store_id, v.subtotal, v.discount, v.shipping, v.total, v.paid_at,
            ((v.created_at at time zone 'UTC') + interval '1 hour')::date as order_day, r.rate is null as rate_missing,
            coalesce(r.rate, ${sql.raw(String(STANDARD_BASIS_POINTS))}) as basis_points
          from jsonb_to_recordset(${sql.placeholder('orders')}::jsonb)
            as v(order_id uuid, store_id uuid, subtotal bigint, discount bigint, shipping bigint, total bigint,
              paid_at timestamptz, created_at timestamptz)
          cross join lateral (select ${needs.commissionBasisPointsSql(sql`v.store_id`)} as rate) r) x
        cross join lateral (select ${commissionSql(sql`x.subtotal`, sql`x.discount`, sql`x.basis_points`)}
          as commission_kobo) k),
      opened as (
        insert into ${ledgerOrders} (order_id, store_id, commission_basis_points, booked_at, order_day, subtotal_kobo,
          discount_kobo, shipping_kobo, total_kobo)
        select order_id, store_id, basis_points, coalesce(paid_at, ${sql.placeholder('at')}::timestamptz), order_day,
          subtotal, discount, shipping, total from v
        on conflict (order_id) do nothing
        returning *),
      counted as (${insertDeltasSql(openedPagesDeltasSql(sql`opened`))})
      select v.order_id, v.basis_points, v.rate_missing, v.commission_kobo
      from v join opened on opened.order_id = v.order_id`,
  );

  /** The rows of one balanced movement (none when every line is zero); throws when it does not sum to zero. */
  function movementRows({ kind, memo, links, lines }: Movement, at: Date) {
    const kept = lines.filter((line) => line.amountKobo !== 0);
    if (kept.length === 0) return [];
    const total = kept.reduce((acc, line) => acc + line.amountKobo, 0);
    if (!kept.every((line) => Number.isSafeInteger(line.amountKobo)) || total !== 0) {
      throw new Error(`Unbalanced ${kind} movement (${total} kobo): ${JSON.stringify(kept)}`);
    }
    const movementId = randomUUID();
    return kept.map((line) => ({
      movementId,
      kind,
      account: line.account,
      storeId: line.storeId ?? null,
      carrierId: line.carrierId ?? null,
      orderId: links.orderId ?? null,
      refundId: links.refundId ?? null,
      payoutId: links.payoutId ?? null,
      amountKobo: line.amountKobo,
      memo,
      createdAt: at,
    }));
  }

  /** Several movements in one insert; each is checked to balance on its own. */
  async function postMany(executor: Db, movements: Movement[]) {
    const at = deps.now();
    const rows = movements.flatMap((movement) => movementRows(movement, at));
    if (rows.length > 0) await insertEntries(executor, { entries: entriesJson(rows) });
  }

  async function post(executor: Db, kind: LedgerKind, memo: string, links: Links, lines: Line[]) {
    await postMany(executor, [{ kind, memo, links, lines }]);
  }

  /** What the payouts' functions (ledger.payouts.ts) share of the books. */
  const ctx: PayoutsContext = { deps, db, log, needs, post, postMany };
  /** What the bookings of orders' money (ledger.bookings.ts) share of the books. */
  const books: BookingsContext = { deps, log, post, postMany, openPages };

  // ---------- balances ----------

  function nairaBalances(figures: Awaited<ReturnType<typeof storeFigures>>): MerchantBalances {
    return {
      settlementMode,
      escrow: koboToNaira(figures.escrowKobo),
      payable: koboToNaira(figures.payableKobo),
      approved: koboToNaira(figures.approvedKobo),
      processed: koboToNaira(figures.processedKobo),
      settled: koboToNaira(figures.settledKobo),
      owed: koboToNaira(figures.escrowKobo + figures.payableKobo),
    };
  }

  async function payoutPage(query: { page: number; limit: number; status?: PayoutFilter }, storeId?: string) {
    const where = and(
      storeId ? eq(payouts.storeId, storeId) : undefined,
      query.status === 'unknown'
        ? and(eq(payouts.status, 'processing'), isNotNull(payouts.outcomeUnknownSince))
        : query.status
          ? eq(payouts.status, query.status)
          : undefined,
    );
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(payouts)
        .where(where)
        .orderBy(desc(payouts.approvedAt), desc(payouts.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      db.select({ total: count() }).from(payouts).where(where),
    ]);
    return {
      payouts: rows.map(payoutView),
      pagination: pageInfo(query.page, query.limit, Number(total?.total ?? 0)),
    };
  }

  async function listCategories(): Promise<PaymentCategory[]> {
    return listCategoriesWith(db);
  }

  async function listCategoriesWith(executor: Db): Promise<PaymentCategory[]> {
    return (await needs.categories.list(executor)).map((row) => ({
      slug: row.slug,
      name: row.name,
      commissionPercentage: basisPointsToPercent(row.commissionBasisPoints),
      storeCount: row.storeCount,
      updatedAt: row.updatedAt.toISOString(),
    }));
  }

  return {
    bookPayments: withContext(books, bookPayments),
    bookRemittance: withContext(books, bookRemittance),
    bookDoorRefundPaid: withContext(books, bookDoorRefundPaid),
    carrierCash,
    podFeesKobo,
    releaseToPayable: withContext(books, releaseToPayable),
    releaseManyToPayable: withContext(books, releaseManyToPayable),
    bookRefunds: withContext(books, bookRefunds),
    reverseRefund: withContext(books, reverseRefund),
    chargeRefundsTo: withContext(books, chargeRefundsTo),
    bookWholeRefund: withContext(books, bookWholeRefund),
    markUndone: withContext(books, markUndone),
    unbooked,
    orderPage,
    settleTransfer: (event: TransferEvent) => settleTransfer(ctx, event),
    confirmLatePayouts: () => confirmLatePayouts(ctx),
    finalizeOtp: (payoutId: string, otp: string) => finalizeOtp(ctx, payoutId, otp),
    resendOtp: (payoutId: string) => resendOtp(ctx, payoutId),
    settlementSplit: withContext(ctx, settlementSplit),
    settleSplit: withContext(ctx, settleSplit),
    refuseBeyondBalance: (storeId: string) => refuseBeyondBalance(ctx, storeId),

    async merchantBalances(storeId: string): Promise<MerchantBalances> {
      return nairaBalances(await storeFigures(db, storeId));
    },

    merchantHistory: (storeId: string, query: { page: number; limit: number; status?: PayoutFilter }) =>
      payoutPage(query, storeId),

    adminPayouts: (query: { page: number; limit: number; status?: PayoutFilter }) => payoutPage(query),

    async stats(): Promise<AdminPaymentStats> {
      const [payoutTotals, balances] = await Promise.all([
        db
          .select({ status: payouts.status, total: sum(payouts.amountKobo).mapWith(Number) })
          .from(payouts)
          .groupBy(payouts.status),
        storeBalances(db),
      ]);
      const open = await db
        .select({ storeId: payouts.storeId, total: sum(payouts.amountKobo).mapWith(Number) })
        .from(payouts)
        .where(inArray(payouts.status, [...OPEN]))
        .groupBy(payouts.storeId);
      const openOf = new Map(open.map((row) => [row.storeId, row.total]));
      const pending = balances.reduce(
        (acc, row) => acc + Math.max(0, row.payableKobo - (openOf.get(row.storeId) ?? 0)),
        0,
      );
      const total = (statuses: readonly PayoutStatus[]) =>
        payoutTotals.filter((row) => statuses.includes(row.status)).reduce((acc, row) => acc + row.total, 0);
      const settled = { total: balances.reduce((acc, row) => acc + row.settlementKobo, 0) };
      return {
        processedPayment: koboToNaira(total(['processed'])),
        approvedPayment: koboToNaira(total(OPEN)),
        // Subaccount mode: a store's payable runs ahead of its orders (settled at payment), so nothing waits.
        pendingPayment: koboToNaira(settlementMode === 'subaccount' ? 0 : pending),
        settlementMode,
        settledPayment: koboToNaira(settled.total),
      };
    },

    /** Stores with money payable, in escrow, or a payout approved; largest payable first. */
    async payableMerchants(query: { page: number; limit: number }) {
      const figures = await storeBalances(db);
      const open = await db
        .select()
        .from(payouts)
        .where(inArray(payouts.status, [...OPEN]));
      const openOf = new Map(open.map((row) => [row.storeId, row]));
      const rows = figures
        .map((row) => {
          const openPayout = openOf.get(row.storeId);
          const approved = openPayout?.amountKobo ?? 0;
          return {
            storeId: row.storeId,
            escrowKobo: row.escrowKobo,
            payableKobo: row.payableKobo - approved,
            approvedKobo: approved,
            openPayoutId: openPayout?.id ?? null,
          };
        })
        .filter((row) => row.payableKobo > 0 || row.approvedKobo > 0 || row.escrowKobo > 0)
        .sort((a, b) => b.payableKobo - a.payableKobo || b.escrowKobo - a.escrowKobo);
      const page = rows.slice((query.page - 1) * query.limit, query.page * query.limit);
      const payees = await needs.payees(
        db,
        page.map((row) => row.storeId),
      );
      const merchants: PayableMerchant[] = page.map((row) => {
        const payee = payees.get(row.storeId);
        return {
          storeId: row.storeId,
          storeName: payee?.storeName ?? 'Store',
          escrow: koboToNaira(row.escrowKobo),
          payable: koboToNaira(row.payableKobo),
          approved: koboToNaira(row.approvedKobo),
          openPayoutId: row.openPayoutId,
          hasBankAccount: payee?.hasBankAccount ?? false,
          hasSubaccount: payee?.hasSubaccount ?? false,
        };
      });
      return { merchants, pagination: pageInfo(query.page, query.limit, rows.length) };
    },

    openPayout: (adminId: string, payee: PayoutPayee) => openPayout(ctx, adminId, payee),
    /** Step "send" of the payout flow: the approved payout to the provider, once (`sendApproved` claims it). */
    sendPayout: async (payoutId: string): Promise<Payout> => payoutView(await sendApproved(ctx, payoutId)),

    categories: listCategories,

    async updateCategory(slug: string, commissionPercentage: number): Promise<PaymentCategory> {
      await db.transaction(async (tx) => {
        const before = (await listCategoriesWith(tx)).find((row) => row.slug === slug);
        const commissionBasisPoints = percentToBasisPoints(commissionPercentage);
        const updated = await needs.categories.update(tx, slug, commissionBasisPoints, deps.now());
        if (!updated || !before) throw notFound('Payment category not found');
        await recordAudit(tx, {
          action: 'category.commission',
          subjectType: 'category',
          subjectId: slug,
          before: { commissionPercentage: before.commissionPercentage },
          after: { commissionPercentage },
        });
      });
      const found = (await listCategories()).find((row) => row.slug === slug);
      return found!;
    },
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
