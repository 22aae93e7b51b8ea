import { randomBytes, randomUUID } from 'node:crypto';
import {
  type AdminPaymentStats,
  basisPointsToPercent,
  formatNaira,
  insufficientBalanceMessage,
  koboToNaira,
  type MerchantBalances,
  NO_BANK_ACCOUNT,
  NOTHING_PAYABLE,
  PAYOUT_ALREADY_OPEN,
  PAYOUT_NOT_AWAITING_OTP,
  PAYOUTS_SETTLED_BY_PAYSTACK,
  type PayableMerchant,
  type PaymentCategory,
  type Payout,
  type PayoutFilter,
  type PayoutStatus,
  percentToBasisPoints,
  storesCannotBeSettled,
} from '@market/contracts';
import { and, asc, count, desc, eq, inArray, isNotNull, lt, or, type SQL, sql, sum } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { insertFromJson, jsonRows } from '../../platform/db/json-rows.js';
import { koboFromDb } from '../../platform/db/kobo.js';
import { pageInfo } from '../../platform/db/paging.js';
import { preparedSql } from '../../platform/db/prepared.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import { countMoneyOutcome } from '../../platform/observability/metrics.js';
import {
  paystackFeeKobo,
  type TransferCheck,
  type TransferEvent,
  type TransferProvider,
} from '../../platform/payments/index.js';
import { outcomeUnknown } from '../../platform/payments/paystack-http.js';
import { ledgerOrderFigures } from './ledger.figures.js';
import { insertDeltasSql, openedPagesDeltasSql, rollupDeltasSql, storeBalances } from './ledger.rollups.js';
import {
  type LedgerAccount,
  type LedgerKind,
  ledgerEntries,
  ledgerOrders,
  payoutOrders,
  payouts,
} from './ledger.schema.js';

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
}

export type LedgerOrderPage = typeof ledgerOrders.$inferSelect;

export interface LedgerNeeds {
  /**
   * The commission of the store whose id is `storeId` (an SQL expression) in basis points, null when its store has
   * no payment category (stores module): read in the statement that sets the orders' commissions (ADR 037).
   */
  commissionBasisPointsSql(storeId: SQL): SQL;
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

interface Line {
  account: LedgerAccount;
  storeId?: string | null;
  amountKobo: number;
}

interface Links {
  orderId?: string | null;
  refundId?: string | null;
  payoutId?: string | null;
}

interface Movement {
  kind: LedgerKind;
  memo: string;
  links: Links;
  lines: Line[];
}

const MERCHANT_ACCOUNTS: readonly LedgerAccount[] = ['merchant_escrow', 'merchant_payable'];
const OPEN: readonly PayoutStatus[] = ['approved', 'processing'];

/**
 * A payout still open this long after it was sent (or approved) has lost its webhook, or its transfer request was
 * cut off: the provider is asked what became of it (ADR 038). Paystack finishes most transfers within minutes.
 */
export const PAYOUT_CONFIRM_AFTER_MINUTES = 30;
/** Payouts looked at per run of the job; the next run takes the rest. */
const LATE_PAYOUTS_PER_RUN = 100;
const TRANSFER_NEVER_ARRIVED = 'The transfer never reached the payment provider';
/** How long after an unknown outcome (a transfer or OTP finalise unanswered) the provider is asked (ADR 061). */
export const PAYOUT_UNKNOWN_ASK_AFTER_MS = 2 * 60_000;
/** Why a payout's OTP cannot be entered again while the provider has not said what it did with the last one. */
export const PAYOUT_OUTCOME_UNKNOWN =
  'The payment provider has not told us whether it accepted the last OTP for this payout. We are asking it now; ' +
  'until it answers, the OTP cannot be entered again, so the store is never paid twice.';

/** round(a × b / c), halves up, exactly (BigInt: kobo × kobo passes 2^53). */
export function mulDivHalfUp(a: number, b: number, c: number): number {
  if (c === 0) return 0;
  const product = BigInt(a) * BigInt(b);
  const divisor = BigInt(c);
  return Number((product * 2n + divisor) / (divisor * 2n));
}

/** Commission on the item subtotal, half up, never more than what the store gets after its discount. */
export function commissionOf(subtotalKobo: number, discountKobo: number, basisPoints: number): number {
  return Math.min(mulDivHalfUp(subtotalKobo, basisPoints, 10_000), Math.max(0, subtotalKobo - discountKobo));
}

/** `commissionOf` in SQL, for the statement that sets it at payment (ADR 037): the same integer arithmetic. */
export function commissionSql(subtotalKobo: SQL, discountKobo: SQL, basisPoints: SQL): SQL {
  return sql`least((${subtotalKobo}::bigint * ${basisPoints} * 2 + 10000) / 20000,
    greatest(0, ${subtotalKobo} - ${discountKobo}))::bigint`;
}

/** The commission of a store without a payment category (logged: every store should have one). */
const STANDARD_BASIS_POINTS = 1000;

/** In Paystack's transfer reference alphabet (lowercase letters, digits, `-`, `_`): `pay_` and 80 random bits. */
export function newPayoutReference(): string {
  const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';
  return `pay_${Array.from(randomBytes(16), (byte) => alphabet[byte % 32]).join('')}`;
}

type PayoutRow = typeof payouts.$inferSelect;

function payoutView(row: PayoutRow): Payout {
  return {
    id: row.id,
    reference: row.reference,
    storeId: row.storeId,
    storeName: row.storeName,
    amount: koboToNaira(row.amountKobo),
    status: row.status,
    orderCount: row.orderCount,
    bankName: row.bankName,
    accountNumberLast4: row.accountNumberLast4,
    failureReason: row.failureReason,
    needsOtp: row.needsOtp,
    outcomeUnknown: row.status === 'processing' && row.outcomeUnknownSince !== null,
    approvedAt: row.approvedAt.toISOString(),
    processedAt: row.processedAt?.toISOString() ?? null,
  };
}

// Built once (ADR 037): every payment writes its lines, one JSON parameter for any number of them.
const entryKeys = [
  'movementId',
  'kind',
  'account',
  'storeId',
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

  /** Net amount per account (and store) of the lines matching `where`. */
  async function sums(executor: Db, where: SQL | undefined) {
    const rows = await executor
      .select({
        account: ledgerEntries.account,
        storeId: ledgerEntries.storeId,
        total: sum(ledgerEntries.amountKobo).mapWith(Number),
      })
      .from(ledgerEntries)
      .where(where)
      .groupBy(ledgerEntries.account, ledgerEntries.storeId);
    return rows;
  }

  /** The order's page, locked for the caller's transaction (refunds, completion and payouts of it queue here). */
  async function lockPage(executor: Db, orderId: string) {
    const [page] = await executor
      .select()
      .from(ledgerOrders)
      .where(eq(ledgerOrders.orderId, orderId))
      .for('update');
    return page;
  }

  const merchantAccountOf = (page: LedgerOrderPage): LedgerAccount =>
    page.payableAt ? 'merchant_payable' : 'merchant_escrow';

  // ---------- what happens to an order's money (called by the flows, in the transaction of the fact) ----------

  /**
   * The orders were paid: each gets its page (commission rate of its store), and its payment, commission and
   * shipping fee are posted (ADR 027). A fixed number of statements for a checkout's orders (ADR 033): one for the
   * stores' rates, the commissions and the pages (ADR 037), one insert of every line. An order already booked is
   * skipped.
   */
  async function bookPayments(executor: Db, paidOrders: OrderFacts[]) {
    if (paidOrders.length === 0) return;
    const opened = await openPages(executor, {
      at: deps.now().toISOString(),
      orders: JSON.stringify(
        paidOrders.map((order) => ({
          order_id: order.id,
          store_id: order.storeId,
          subtotal: order.subtotalKobo,
          discount: order.discountKobo,
          shipping: order.shippingFeeKobo,
          total: order.totalKobo,
          paid_at: order.paidAt?.toISOString() ?? null,
          created_at: order.createdAt.toISOString(),
        })),
      ),
    });
    const commissionOfOrder = new Map(opened.map((row) => [row.order_id, row]));
    const movements: Movement[] = [];
    for (const order of paidOrders) {
      const values = commissionOfOrder.get(order.id);
      if (!values) continue; // booked before
      if (values.rate_missing) {
        log.error({ storeId: order.storeId }, 'store has no payment category; standard commission used');
      }
      const shipping = order.shippingFeeKobo;
      const commission = koboFromDb(values.commission_kobo);
      const links = { orderId: order.id };
      const store = order.storeId;
      const paid = order.subtotalKobo - order.discountKobo + shipping;
      movements.push(
        {
          kind: 'payment',
          memo: `Payment of ${order.orderName}`,
          links,
          lines: [
            { account: 'payments_clearing', amountKobo: paid },
            { account: 'merchant_escrow', storeId: store, amountKobo: -paid },
          ],
        },
        {
          kind: 'commission',
          memo: `Commission on ${order.orderName}`,
          links,
          lines: [
            { account: 'merchant_escrow', storeId: store, amountKobo: commission },
            { account: 'platform_commission', amountKobo: -commission },
          ],
        },
        {
          kind: 'shipping_fee',
          memo: `Shipping fee of ${order.orderName}`,
          links,
          lines: [
            { account: 'merchant_escrow', storeId: store, amountKobo: shipping },
            { account: 'shipping_fees', amountKobo: -shipping },
          ],
        },
      );
    }
    await postMany(executor, movements);
  }

  /**
   * The order completed (delivered, the return window passed): what escrow holds for it moves to payable and its
   * page says since when. A second call, or an order the books never heard of, moves nothing.
   */
  async function releaseToPayable(
    executor: Db,
    order: Pick<OrderFacts, 'id' | 'orderName'>,
    why: 'completed' | 'returned' = 'completed',
  ) {
    const page = await lockPage(executor, order.id);
    if (!page || page.payableAt) return;
    const [escrow] = await sums(
      executor,
      and(eq(ledgerEntries.orderId, order.id), eq(ledgerEntries.account, 'merchant_escrow')),
    );
    const held = -(escrow?.total ?? 0);
    await post(executor, 'escrow_release', `${order.orderName} ${why}: payable`, { orderId: order.id }, [
      { account: 'merchant_escrow', storeId: page.storeId, amountKobo: held },
      { account: 'merchant_payable', storeId: page.storeId, amountKobo: -held },
    ]);
    await executor
      .update(ledgerOrders)
      .set({ payableAt: deps.now() })
      .where(eq(ledgerOrders.orderId, order.id));
  }

  /**
   * Refund rows were booked for the order (ADR 026: before money moves): one movement per row, the goods part
   * split between the store (its escrow before payable, payable after) and the commission in proportion
   * due/(subtotal − discount), counted on the running total of the order's refunded goods so that refunding
   * everything in any number of steps gives back exactly the due amount and the commission. A refund the platform
   * bears moves both parts on to `platform_chargebacks`. Nothing is posted for an order the books never heard of
   * (its refunds are posted when it is booked).
   */
  async function bookRefunds(executor: Db, order: OrderFacts, rows: RefundFacts[]) {
    const page = await lockPage(executor, order.id);
    if (!page) return;
    const itemsPaid = order.subtotalKobo - order.discountKobo;
    const [totals] = await executor
      .select({
        commission: sql<string>`coalesce(sum(${ledgerEntries.amountKobo}) filter (where ${ledgerEntries.kind} = 'commission' and ${ledgerEntries.account} = 'platform_commission'), 0)`,
        refunded: sql<string>`coalesce(sum(${ledgerEntries.amountKobo}) filter (where ${inArray(ledgerEntries.kind, ['refund', 'refund_reversal'])} and ${inArray(ledgerEntries.account, [...MERCHANT_ACCOUNTS, 'platform_commission'])}), 0)`,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orderId, order.id));
    const originalDue = itemsPaid + Number(totals?.commission ?? 0);
    let itemsRefunded = Number(totals?.refunded ?? 0);
    let shippingLeft = rows.reduce((acc, row) => acc + row.shippingKobo, 0);
    const merchantAccount = merchantAccountOf(page);
    for (const row of rows) {
      const shipping = Math.min(row.amountKobo, shippingLeft);
      shippingLeft -= shipping;
      const items = row.amountKobo - shipping;
      const merchantShare =
        mulDivHalfUp(itemsRefunded + items, originalDue, itemsPaid) -
        mulDivHalfUp(itemsRefunded, originalDue, itemsPaid);
      itemsRefunded += items;
      const links = { orderId: order.id, refundId: row.id };
      await post(executor, 'refund', `Refund ${row.reference} of ${order.orderName}`, links, [
        { account: 'payments_clearing', amountKobo: -row.amountKobo },
        { account: 'shipping_fees', amountKobo: shipping },
        { account: merchantAccount, storeId: page.storeId, amountKobo: merchantShare },
        { account: 'platform_commission', amountKobo: items - merchantShare },
      ]);
      if (row.chargedTo === 'platform') await chargeback(executor, page, row, 'platform');
    }
  }

  /**
   * An admin rejected a refund: its lines are reversed, the store's part to its current account. On an order that
   * will never complete (`kept`: cancelled, or returned with its goods back at the store; ADR 059) nobody is owed
   * what the refund gave back: beside the exact reversal, a `refund_kept` movement takes it again from the store,
   * the commission, the delivery fee and the chargebacks, to `platform_kept`. So the order's due, commission and
   * delivery fee stay as the refund left them, and its refunds count the money as not refunded.
   */
  async function reverseRefund(executor: Db, row: RefundFacts, options: { kept?: boolean } = {}) {
    const page = await lockPage(executor, row.orderId);
    if (!page) return;
    const net = (await sums(executor, eq(ledgerEntries.refundId, row.id))).filter((line) => line.total !== 0);
    if (net.length === 0) return;
    const account = (line: (typeof net)[number]) =>
      MERCHANT_ACCOUNTS.includes(line.account) ? merchantAccountOf(page) : line.account;
    const links = { orderId: row.orderId, refundId: row.id };
    const movements: Movement[] = [
      {
        kind: 'refund_reversal',
        memo: `Refund ${row.reference} rejected`,
        links,
        lines: net.map((line) => ({
          account: account(line),
          storeId: line.storeId,
          amountKobo: -line.total,
        })),
      },
    ];
    if (options.kept) {
      const given = net.filter((line) => line.account !== 'payments_clearing');
      movements.push({
        kind: 'refund_kept',
        memo: `Refund ${row.reference} rejected: kept, nothing due on the order`,
        links,
        lines: [
          ...given.map((line) => ({ account: account(line), storeId: line.storeId, amountKobo: line.total })),
          {
            account: 'platform_kept',
            amountKobo: -given.reduce((acc, line) => acc + line.total, 0),
          },
        ],
      });
    }
    await postMany(executor, movements);
  }

  /** A chargeback decision changed who bears these refunds. */
  async function chargeRefundsTo(executor: Db, rows: RefundFacts[]) {
    for (const row of rows) {
      if (row.status === 'rejected') continue;
      const page = await lockPage(executor, row.orderId);
      if (page) await chargeback(executor, page, row, row.chargedTo);
    }
  }

  /**
   * Makes the platform bear a refund (its store and commission parts move to `platform_chargebacks`) or the store
   * again; a no-op when the books already say so.
   */
  async function chargeback(
    executor: Db,
    page: LedgerOrderPage,
    row: RefundFacts,
    to: 'merchant' | 'platform',
  ) {
    const net = await sums(executor, eq(ledgerEntries.refundId, row.id));
    const borne = net.find((line) => line.account === 'platform_chargebacks')?.total ?? 0;
    if ((to === 'platform') === (borne !== 0)) return;
    const [parts] = await executor
      .select({
        merchant: sql<string>`coalesce(sum(${ledgerEntries.amountKobo}) filter (where ${inArray(ledgerEntries.account, [...MERCHANT_ACCOUNTS])}), 0)`,
        commission: sql<string>`coalesce(sum(${ledgerEntries.amountKobo}) filter (where ${ledgerEntries.account} = 'platform_commission'), 0)`,
      })
      .from(ledgerEntries)
      .where(
        and(eq(ledgerEntries.refundId, row.id), inArray(ledgerEntries.kind, ['refund', 'refund_reversal'])),
      );
    const merchant = Number(parts?.merchant ?? 0);
    const commission = Number(parts?.commission ?? 0);
    const sign = to === 'platform' ? 1 : -1;
    await post(
      executor,
      'chargeback',
      to === 'platform' ? `Platform bears refund ${row.reference}` : `Store bears refund ${row.reference}`,
      { orderId: row.orderId, refundId: row.id },
      [
        { account: 'platform_chargebacks', amountKobo: sign * (merchant + commission) },
        { account: merchantAccountOf(page), storeId: page.storeId, amountKobo: -sign * merchant },
        { account: 'platform_commission', amountKobo: -sign * commission },
      ],
    );
  }

  /**
   * An order taken back whole before refunds had rows of their own (cancelled or returned before ADR 026): the
   * customer got everything back, so the books give back all it holds (goods, commission, delivery fee).
   */
  async function bookWholeRefund(executor: Db, order: OrderFacts, status: string) {
    const page = await lockPage(executor, order.id);
    if (!page) return;
    const figures = await ledgerOrderFigures(executor, order.id);
    await post(executor, 'refund', `Refund of ${status} ${order.orderName}`, { orderId: order.id }, [
      {
        account: 'payments_clearing',
        amountKobo: -(figures.due + figures.commission + order.shippingFeeKobo),
      },
      { account: 'shipping_fees', amountKobo: order.shippingFeeKobo },
      { account: merchantAccountOf(page), storeId: page.storeId, amountKobo: figures.due },
      { account: 'platform_commission', amountKobo: figures.commission },
    ]);
  }

  /** Of these orders, those the books have no page for (paid before the ledger, or written by the demo seed). */
  async function unbooked(executor: Db, orderIds: string[]): Promise<string[]> {
    if (orderIds.length === 0) return [];
    const booked = await executor
      .select({ orderId: ledgerOrders.orderId })
      .from(ledgerOrders)
      .where(inArray(ledgerOrders.orderId, orderIds));
    const known = new Set(booked.map((row) => row.orderId));
    return orderIds.filter((id) => !known.has(id));
  }

  /** The order's page (undefined before it is booked): its rate and since when it is payable. */
  async function orderPage(executor: Db, orderId: string) {
    const [page] = await executor.select().from(ledgerOrders).where(eq(ledgerOrders.orderId, orderId));
    return page;
  }

  /**
   * What each of the store's orders has payable and not yet carried by a processed or open payout: its payable
   * lines (payout movements aside) less what payouts took of it (ADR 047). A refund after a payout leaves a
   * negative amount, netted by the next payout.
   */
  async function outstandingPerOrder(executor: Db, storeId: string) {
    const result = await executor.execute(sql`
      select o.order_id as "orderId", (o.payable - coalesce(t.taken, 0))::bigint as "amountKobo"
      from (select e.order_id, -sum(e.amount_kobo) as payable from ${ledgerEntries} e
          where e.store_id = ${storeId} and e.account = 'merchant_payable' and e.order_id is not null
            and e.kind not in ('payout', 'payout_reversal')
          group by e.order_id) o
        left join (select po.order_id, sum(po.amount_kobo) as taken from ${payoutOrders} po
          join ${payouts} p on p.id = po.payout_id
          where p.store_id = ${storeId} and p.status in ('approved', 'processing', 'processed')
          group by po.order_id) t on t.order_id = o.order_id
      where o.payable - coalesce(t.taken, 0) <> 0
      order by o.order_id`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      orderId: string;
      amountKobo: string | number;
    }[];
    return rows.map((row) => ({ orderId: row.orderId, amountKobo: Number(row.amountKobo) }));
  }

  // ---------- subaccount settlement (ADR 051) ----------

  /**
   * Each store's share of a checkout about to be paid, for Paystack's flat split: what its order is due (item
   * subtotal − discount − commission, by `commissionOf` at the store's rate now, the rule the payment posts with),
   * plus what the books say the platform still owes it (negative: a refund after it was settled, which it owes), so
   * every difference (a refund after settlement, a rate changed before payment, a share cut short) is made good on
   * the store's next sale. Never below zero; all shares together leave the platform Paystack's fee, which its account
   * bears, so a checkout mostly paid by gift card may carry a store's share over to its next sale. Throws CONFLICT
   * when a store has no subaccount (the cart refuses such a checkout first).
   */
  async function settlementSplit(
    executor: Db,
    orders: SplitOrder[],
    amountKobo: number,
  ): Promise<SettlementShare[]> {
    if (orders.length === 0) return [];
    const storeIds = [...new Set(orders.map((order) => order.storeId))];
    const codes = await needs.subaccountCodes(executor, storeIds);
    const missing = storeIds.filter((id) => !codes.has(id));
    if (missing.length > 0) {
      const names = await Promise.all(missing.map((id) => needs.storeName(executor, id)));
      throw conflict(storesCannotBeSettled(names.map((name) => name ?? 'A store')));
    }
    const shares: SettlementShare[] = [];
    let room = amountKobo - paystackFeeKobo(amountKobo);
    for (const order of orders) {
      const rate = await executor.execute(
        sql`select ${needs.commissionBasisPointsSql(sql`${order.storeId}::uuid`)} as rate`,
      );
      const rows = (Array.isArray(rate) ? rate : (rate as { rows: unknown[] }).rows) as { rate: unknown }[];
      const basisPoints =
        rows[0]?.rate === null || rows[0]?.rate === undefined ? STANDARD_BASIS_POINTS : Number(rows[0].rate);
      const due =
        order.subtotalKobo -
        order.discountKobo -
        commissionOf(order.subtotalKobo, order.discountKobo, basisPoints);
      const figures = await storeFigures(executor, order.storeId);
      const owed = figures.escrowKobo + figures.payableKobo;
      const share = Math.max(0, Math.min(due + owed, room));
      room -= share;
      if (share > 0) {
        shares.push({
          party: order.storeId,
          subaccount: codes.get(order.storeId)!,
          shareKobo: share,
          orderId: order.id,
        });
      }
    }
    return shares;
  }

  /**
   * Paystack took a split charge: each store's share left the platform's money for the store's subaccount. Posted
   * on the store's payable (it may run ahead of the orders' completion: a debit there is "settled early", cleared as
   * the orders complete), in the settling transaction.
   */
  async function settleSplit(executor: Db, reference: string, shares: SettlementShare[]) {
    // Called once per payment: the payments service settles a reference once, under its row lock.
    const memo = `Settled by Paystack to the store's subaccount (${reference})`;
    await postMany(
      executor,
      shares.map((share) => ({
        kind: 'settlement' as const,
        memo,
        links: { orderId: share.orderId ?? null },
        lines: [
          { account: 'merchant_payable' as const, storeId: share.party, amountKobo: share.shareKobo },
          { account: 'payments_clearing' as const, amountKobo: -share.shareKobo },
        ],
      })),
    );
  }

  // ---------- balances ----------

  /** A store's balances from the roll-ups (ADR 067: the same sums of its lines, kept as they are posted). */
  async function storeFigures(executor: Db, storeId: string) {
    const [[balances], payoutTotals] = await Promise.all([
      storeBalances(executor, storeId),
      executor
        .select({ status: payouts.status, total: sum(payouts.amountKobo).mapWith(Number) })
        .from(payouts)
        .where(eq(payouts.storeId, storeId))
        .groupBy(payouts.status),
    ]);
    const approved = payoutTotals
      .filter((row) => OPEN.includes(row.status))
      .reduce((acc, row) => acc + row.total, 0);
    const processed = payoutTotals.find((row) => row.status === 'processed')?.total ?? 0;
    return {
      escrowKobo: balances?.escrowKobo ?? 0,
      payableKobo: (balances?.payableKobo ?? 0) - approved,
      approvedKobo: approved,
      processedKobo: processed,
      settledKobo: balances?.settlementKobo ?? 0,
    };
  }

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

  // ---------- payouts ----------

  /**
   * Paystack refuses a transfer larger than the balance, after the payout is approved and its orders taken; asked
   * first, an approval that cannot be paid changes nothing and says what to do (ADR 044). What is payable is read
   * without locks: the approval's transaction reads it again under them, and only ever pays that or less.
   */
  async function refuseBeyondBalance(storeId: string) {
    const [payable] = await sums(
      db,
      and(eq(ledgerEntries.storeId, storeId), eq(ledgerEntries.account, 'merchant_payable')),
    );
    const amountKobo = -(payable?.total ?? 0);
    if (amountKobo <= 0) return; // the approval's own check answers "nothing payable"
    const balanceKobo = await needs.transfers.balance();
    if (balanceKobo < amountKobo) {
      log.warn({ storeId, amountKobo, balanceKobo }, 'payout refused: the provider balance is too low');
      throw conflict(insufficientBalanceMessage(formatNaira(balanceKobo), formatNaira(amountKobo)));
    }
  }

  /**
   * Confirms a payout's transfer with the OTP Paystack sent to the business's phone. The payout is claimed first
   * (`needs_otp` true → false under its row lock), so of several finalises at once only one reaches the provider;
   * an OTP the provider refuses, or no answer, gives the claim back so the admin can try again.
   */
  async function finalizeOtp(payoutId: string, otp: string): Promise<Payout> {
    const [claimed] = await db
      .update(payouts)
      .set({ needsOtp: false, updatedAt: deps.now() })
      .where(and(eq(payouts.id, payoutId), eq(payouts.needsOtp, true), eq(payouts.status, 'processing')))
      .returning();
    if (!claimed) {
      const [row] = await db
        .select({ id: payouts.id, outcomeUnknownSince: payouts.outcomeUnknownSince })
        .from(payouts)
        .where(eq(payouts.id, payoutId));
      if (!row) throw notFound('Payout not found');
      throw conflict(row.outcomeUnknownSince ? PAYOUT_OUTCOME_UNKNOWN : PAYOUT_NOT_AWAITING_OTP);
    }
    const giveBack = () =>
      db
        .update(payouts)
        .set({ needsOtp: true })
        .where(and(eq(payouts.id, payoutId), eq(payouts.status, 'processing')));
    let result: Awaited<ReturnType<TransferProvider['finalize']>>;
    try {
      result = await needs.transfers.finalize(claimed.transferCode ?? '', otp);
    } catch (error) {
      if (outcomeUnknown(error)) {
        // Paystack may have finalised it: the OTP is not asked again until its transfer verify says (ADR 061).
        log.error({ payoutId, err: String(error) }, 'payout OTP finalise outcome unknown');
        await markOutcomeUnknown(payoutId);
        const [row] = await db.select().from(payouts).where(eq(payouts.id, payoutId));
        return payoutView(row!);
      }
      await giveBack();
      if (error instanceof AppError && error.code === 'BAD_REQUEST') {
        throw new AppError('VALIDATION_ERROR', `Paystack did not accept the OTP. ${error.message}`, [
          { path: 'otp', message: 'Paystack did not accept this OTP' },
        ]);
      }
      throw error;
    }
    if (result.status === 'otp') await giveBack();
    if (result.status === 'success' || result.status === 'failed') {
      await settleTransfer({
        status: result.status,
        reference: claimed.reference,
        transferCode: result.transferCode ?? claimed.transferCode,
        amountKobo: claimed.amountKobo,
        reason: result.status === 'failed' ? 'The payment provider refused the transfer' : null,
      });
    }
    const [row] = await db.select().from(payouts).where(eq(payouts.id, payoutId));
    return payoutView(row!);
  }

  /** Our last call for this payout may or may not have been acted on (ADR 061): the late-payouts job asks soon. */
  async function markOutcomeUnknown(payoutId: string) {
    await db
      .update(payouts)
      .set({
        outcomeUnknownSince: deps.now(),
        failureReason: 'The payment provider did not answer; asking it whether the transfer was made',
      })
      .where(and(eq(payouts.id, payoutId), eq(payouts.status, 'processing')));
  }

  async function resendOtp(payoutId: string): Promise<Payout> {
    const [row] = await db.select().from(payouts).where(eq(payouts.id, payoutId));
    if (!row) throw notFound('Payout not found');
    if (!row.needsOtp || row.status !== 'processing' || !row.transferCode)
      throw conflict(PAYOUT_NOT_AWAITING_OTP);
    await needs.transfers.resendOtp(row.transferCode);
    return payoutView(row);
  }

  async function settleTransfer(event: TransferEvent): Promise<string> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(payouts)
        .where(eq(payouts.reference, event.reference))
        .for('update');
      if (!row) return 'transfer:unknown';
      if (event.amountKobo !== null && event.amountKobo !== row.amountKobo) {
        log.error({ reference: event.reference, amountKobo: event.amountKobo }, 'transfer amount mismatch');
        return 'transfer:mismatch';
      }
      const at = deps.now();
      const open = OPEN.includes(row.status);
      const transferCode = event.transferCode ?? row.transferCode;
      if (event.status === 'success') {
        if (!open) return `transfer:${row.status}`;
        await tx
          .update(payouts)
          .set({
            status: 'processed',
            processedAt: at,
            transferCode,
            failureReason: null,
            outcomeUnknownSince: null,
            updatedAt: at,
          })
          .where(eq(payouts.id, row.id));
        await post(tx, 'payout', `Payout ${row.reference}`, { payoutId: row.id }, [
          { account: 'merchant_payable', storeId: row.storeId, amountKobo: row.amountKobo },
          { account: 'payments_clearing', amountKobo: -row.amountKobo },
        ]);
        await tellOfPayout(tx, row, 'payout.paid');
        countMoneyOutcome('transfer', 'success');
        return 'transfer:processed';
      }
      if (open) {
        // Failed (or reversed before we heard it succeed): nothing left us; its orders are payable again (a payout
        // that is not processed carries none of their money, ADR 047).
        await tx
          .update(payouts)
          .set({
            status: event.status === 'reversed' ? 'reversed' : 'failed',
            transferCode,
            outcomeUnknownSince: null,
            failureReason:
              event.reason ?? `The transfer ${event.status === 'reversed' ? 'was reversed' : 'failed'}`,
            updatedAt: at,
          })
          .where(eq(payouts.id, row.id));
        await tellOfPayout(tx, row, 'payout.failed', event.reason);
        countMoneyOutcome('transfer', event.status);
        return `transfer:${event.status}`;
      }
      if (event.status === 'reversed' && row.status === 'processed') {
        // The bank sent the money back after paying: it is the store's again, payable with the next payout.
        await tx
          .update(payouts)
          .set({
            status: 'reversed',
            failureReason: event.reason ?? 'The transfer was reversed',
            updatedAt: at,
          })
          .where(eq(payouts.id, row.id));
        await post(tx, 'payout_reversal', `Payout ${row.reference} reversed`, { payoutId: row.id }, [
          { account: 'merchant_payable', storeId: row.storeId, amountKobo: -row.amountKobo },
          { account: 'payments_clearing', amountKobo: row.amountKobo },
        ]);
        await tellOfPayout(tx, row, 'payout.failed', event.reason ?? 'The bank sent the money back');
        return 'transfer:reversed';
      }
      return `transfer:${row.status}`;
    });
  }

  /** The store's owner hears of a payout's end, admins who pay out of an OTP to enter (ADR 057). */
  async function tellOfPayout(
    executor: Db,
    row: PayoutRow,
    kind: 'payout.paid' | 'payout.failed' | 'payout.needs-otp',
    reason?: string | null,
    /** Asks again under a new key (the first ask's key is spent: an event is written once per key). */
    again?: string,
  ) {
    const store = await needs.storeName(executor, row.storeId);
    await deps.events.emit(executor, {
      kind,
      key: `${kind}:${row.id}:${row.status}${again ? `:${again}` : ''}`,
      audience:
        kind === 'payout.needs-otp'
          ? [{ admins: 'finance:payouts' }]
          : [{ store: row.storeId, permission: 'payouts:read' }],
      params: {
        amountKobo: row.amountKobo,
        reference: row.reference,
        storeName: store ?? null,
        reason: reason ?? null,
      },
    });
  }

  /** Sends an approved payout to the provider: claimed first (so it is sent once), the provider asked after. */
  async function process(payoutId: string): Promise<PayoutRow> {
    const claimed = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
      if (!row) throw notFound('Payout not found');
      if (row.status !== 'approved') return undefined;
      const [updated] = await tx
        .update(payouts)
        .set({ status: 'processing', updatedAt: deps.now() })
        .where(eq(payouts.id, row.id))
        .returning();
      return updated;
    });
    if (!claimed) return (await db.select().from(payouts).where(eq(payouts.id, payoutId)))[0]!;
    try {
      const account = await needs.bankAccount(db, claimed.storeId);
      if (!account) throw new AppError('BAD_REQUEST', NO_BANK_ACCOUNT);
      const { recipientCode } = await needs.transfers.createRecipient(account);
      await db.update(payouts).set({ recipientCode }).where(eq(payouts.id, claimed.id));
      const result = await needs.transfers.transfer({
        reference: claimed.reference,
        amountKobo: claimed.amountKobo,
        recipientCode,
        reason: `Naija Market payout ${claimed.reference}`,
      });
      if (result.transferCode || result.status === 'otp') {
        await db.transaction(async (tx) => {
          await tx
            .update(payouts)
            .set({
              transferCode: result.transferCode,
              needsOtp: result.status === 'otp',
              ...(result.status === 'otp' ? { updatedAt: deps.now() } : {}),
            })
            .where(eq(payouts.id, claimed.id));
          if (result.status === 'otp') await tellOfPayout(tx, claimed, 'payout.needs-otp');
        });
      }
      if (result.status === 'success' || result.status === 'failed') {
        await settleTransfer({
          status: result.status,
          reference: claimed.reference,
          transferCode: result.transferCode,
          amountKobo: claimed.amountKobo,
          reason: result.status === 'failed' ? 'The payment provider refused the transfer' : null,
        });
      }
    } catch (error) {
      if (error instanceof AppError && error.code === 'BAD_REQUEST') {
        await settleTransfer({
          status: 'failed',
          reference: claimed.reference,
          transferCode: null,
          amountKobo: null,
          reason: error.message.slice(0, 300),
        });
      } else {
        // No answer: the transfer may or may not exist; its webhook settles it, or the late-payouts job asks the
        // provider by our reference (a re-send under the same reference is refused by Paystack, never paid twice).
        log.error({ payoutId, err: String(error) }, 'payout transfer not confirmed; waiting for the webhook');
        countMoneyOutcome('transfer', outcomeUnknown(error) ? 'unknown' : 'unconfirmed');
        if (outcomeUnknown(error)) await markOutcomeUnknown(claimed.id);
        else
          await db
            .update(payouts)
            .set({ failureReason: 'Waiting for the payment provider to confirm' })
            .where(eq(payouts.id, claimed.id));
      }
    }
    return (await db.select().from(payouts).where(eq(payouts.id, payoutId)))[0]!;
  }

  /**
   * Payouts open past PAYOUT_CONFIRM_AFTER_MINUTES: an approved one that was never sent is sent now (`process`
   * claims it, so never twice); a sent one is settled from what the provider says of it, through the same
   * `settleTransfer` its webhook takes (which locks the row and ignores a payout already settled). A transfer the
   * provider never received fails the payout, which gives its orders back to the next payout; one still on its
   * way, or a provider not answering, waits for the next run.
   */
  async function confirmLatePayouts(): Promise<{ sent: number; settled: number; waiting: number }> {
    const before = new Date(deps.now().getTime() - PAYOUT_CONFIRM_AFTER_MINUTES * 60_000);
    const unknownBefore = new Date(deps.now().getTime() - PAYOUT_UNKNOWN_ASK_AFTER_MS);
    const late = await db
      .select({
        id: payouts.id,
        reference: payouts.reference,
        status: payouts.status,
        outcomeUnknownSince: payouts.outcomeUnknownSince,
        needsOtp: payouts.needsOtp,
      })
      .from(payouts)
      .where(
        or(
          and(inArray(payouts.status, [...OPEN]), lt(payouts.updatedAt, before)),
          and(eq(payouts.status, 'processing'), lt(payouts.outcomeUnknownSince, unknownBefore)),
        ),
      )
      .orderBy(asc(payouts.updatedAt))
      .limit(LATE_PAYOUTS_PER_RUN);
    const outcome = { sent: 0, settled: 0, waiting: 0 };
    for (const payout of late) {
      if (payout.status === 'approved') {
        await process(payout.id);
        outcome.sent += 1;
        continue;
      }
      let check: TransferCheck;
      try {
        check = await needs.transfers.verify(payout.reference);
      } catch (error) {
        log.warn(
          { payoutId: payout.id, err: String(error) },
          'payout transfer not confirmed; asking again later',
        );
        outcome.waiting += 1;
        continue;
      }
      if (check.status === 'otp' && (payout.outcomeUnknownSince || !payout.needsOtp)) {
        // The OTP finalise never reached Paystack (its answer was lost, or the process died between the claim and
        // the call, ADR 071): the transfer still waits for its OTP, so the claim is given back and the admins who
        // pay out are asked for it again.
        await db.transaction(async (tx) => {
          const [row] = await tx
            .update(payouts)
            .set({ needsOtp: true, outcomeUnknownSince: null, failureReason: null, updatedAt: deps.now() })
            .where(and(eq(payouts.id, payout.id), eq(payouts.status, 'processing')))
            .returning();
          if (row) await tellOfPayout(tx, row, 'payout.needs-otp', null, `again:${deps.now().getTime()}`);
        });
        outcome.settled += 1;
        continue;
      }
      if (check.status === 'pending' || check.status === 'otp') {
        outcome.waiting += 1;
        continue;
      }
      const settled =
        check.status === 'missing'
          ? await settleTransfer({
              status: 'failed',
              reference: payout.reference,
              transferCode: null,
              amountKobo: null,
              reason: TRANSFER_NEVER_ARRIVED,
            })
          : await settleTransfer({
              status: check.status,
              reference: payout.reference,
              transferCode: check.transferCode,
              amountKobo: check.amountKobo,
              reason: null,
            });
      if (settled === 'transfer:mismatch') outcome.waiting += 1;
      else outcome.settled += 1;
    }
    return outcome;
  }

  async function listCategories(): Promise<PaymentCategory[]> {
    return (await needs.categories.list(db)).map((row) => ({
      slug: row.slug,
      name: row.name,
      commissionPercentage: basisPointsToPercent(row.commissionBasisPoints),
      storeCount: row.storeCount,
      updatedAt: row.updatedAt.toISOString(),
    }));
  }

  return {
    bookPayments,
    releaseToPayable,
    bookRefunds,
    reverseRefund,
    chargeRefundsTo,
    bookWholeRefund,
    unbooked,
    orderPage,
    settleTransfer,
    confirmLatePayouts,
    finalizeOtp,
    resendOtp,
    settlementSplit,
    settleSplit,

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
      const codes = await needs.subaccountCodes(
        db,
        page.map((row) => row.storeId),
      );
      const merchants: PayableMerchant[] = [];
      for (const row of page) {
        merchants.push({
          storeId: row.storeId,
          storeName: (await needs.storeName(db, row.storeId)) ?? 'Store',
          escrow: koboToNaira(row.escrowKobo),
          payable: koboToNaira(row.payableKobo),
          approved: koboToNaira(row.approvedKobo),
          openPayoutId: row.openPayoutId,
          hasBankAccount: (await needs.bankAccount(db, row.storeId)) !== undefined,
          hasSubaccount: codes.has(row.storeId),
        });
      }
      return { merchants, pagination: pageInfo(query.page, query.limit, rows.length) };
    },

    /**
     * approvePayout: one payout of the store's payable orders, under their row locks; the partial unique index
     * keeps one open payout per store whatever runs at once. Then the transfer is sent (once: `process` claims it).
     */
    async approvePayout(adminId: string, storeId: string): Promise<Payout> {
      // Subaccount mode: Paystack settles every store's share itself; the platform cannot (or does not) transfer.
      if (settlementMode === 'subaccount') throw conflict(PAYOUTS_SETTLED_BY_PAYSTACK);
      const storeName = await needs.storeName(db, storeId);
      if (!storeName) throw notFound('Store not found');
      const account = await needs.bankAccount(db, storeId);
      if (!account) throw conflict(NO_BANK_ACCOUNT);
      await refuseBeyondBalance(storeId);
      const created = await db
        .transaction(async (tx) => {
          // The store's payable pages, locked: refunds and completions of its orders wait for this approval.
          await tx
            .select({ orderId: ledgerOrders.orderId })
            .from(ledgerOrders)
            .where(and(eq(ledgerOrders.storeId, storeId), isNotNull(ledgerOrders.payableAt)))
            .orderBy(asc(ledgerOrders.orderId))
            .for('update');
          const [existing] = await tx
            .select({ id: payouts.id })
            .from(payouts)
            .where(and(eq(payouts.storeId, storeId), inArray(payouts.status, [...OPEN])))
            .limit(1);
          if (existing) throw conflict(PAYOUT_ALREADY_OPEN);
          const [payable] = await sums(
            tx,
            and(eq(ledgerEntries.storeId, storeId), eq(ledgerEntries.account, 'merchant_payable')),
          );
          const amountKobo = -(payable?.total ?? 0);
          if (amountKobo <= 0) throw conflict(NOTHING_PAYABLE);
          const carried = await outstandingPerOrder(tx, storeId);
          const carriedKobo = carried.reduce((acc, line) => acc + line.amountKobo, 0);
          if (carriedKobo !== amountKobo) {
            // Only payouts made before the books linked payouts to orders can leave this (ADR 047's migration).
            log.warn({ storeId, amountKobo, carriedKobo }, 'payout amount differs from its orders');
          }
          const at = deps.now();
          const [row] = await tx
            .insert(payouts)
            .values({
              reference: newPayoutReference(),
              storeId,
              storeName,
              amountKobo,
              orderCount: carried.filter((line) => line.amountKobo > 0).length,
              approvedBy: adminId,
              bankName: account.bankName,
              accountNumberLast4: account.accountNumber.slice(-4),
              approvedAt: at,
              updatedAt: at,
            })
            .returning();
          if (carried.length > 0)
            await tx.insert(payoutOrders).values(carried.map((line) => ({ payoutId: row!.id, ...line })));
          return row!;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw conflict(PAYOUT_ALREADY_OPEN);
          throw error;
        });
      return payoutView(await process(created.id));
    },

    categories: listCategories,

    async updateCategory(slug: string, commissionPercentage: number): Promise<PaymentCategory> {
      const updated = await needs.categories.update(
        db,
        slug,
        percentToBasisPoints(commissionPercentage),
        deps.now(),
      );
      if (!updated) throw notFound('Payment category not found');
      const found = (await listCategories()).find((row) => row.slug === slug);
      return found!;
    },
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
