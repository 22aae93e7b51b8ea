import { and, asc, eq, inArray, isNotNull, isNull, sql, sum } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { koboFromDb } from '../../platform/db/kobo.js';
import type { Deps } from '../../platform/deps.js';
import { ledgerOrderFigures } from './ledger.figures.js';
import { entriesOf } from './ledger.movements.js';
import {
  bearerUnchanged,
  chargebackLines,
  commissionMemo,
  doorRefundPaidLines,
  MERCHANT_ACCOUNTS,
  paymentMovements,
  refundLines,
  releaseLines,
  remittanceLines,
  reversalMovements,
  wholeRefundLines,
} from './ledger.postings.js';
import { sums } from './ledger.reads.js';
import { markUndoneSql } from './ledger.rollups.js';
import { type LedgerKind, ledgerEntries, ledgerOrders } from './ledger.schema.js';
import type {
  CashAtTheDoor,
  LedgerOrderPage,
  Line,
  Links,
  Movement,
  OrderFacts,
  RefundFacts,
} from './ledger.service.js';

// What happens to an order's money (ADR 027, 047, 059): called by the flows, in the transaction of the fact. Each
// function takes the books' context: the deps, and how the ledger posts movements and opens orders' pages.

export interface BookingsContext {
  deps: Deps;
  log: Deps['logger'];
  post(executor: Db, kind: LedgerKind, memo: string, links: Links, lines: Line[]): Promise<void>;
  postMany(executor: Db, movements: Movement[]): Promise<void>;
  /**
   * The orders' pages at payment, with their stores' commission, and every line of their payments, in one prepared
   * statement (ADR 037, 087; `bookPaymentsAtOnce`): answers the orders it opened a page for.
   */
  bookPaymentsAtOnce(
    executor: Db,
    values?: Record<string, unknown>,
  ): Promise<{ order_id: string; rate_missing: boolean }[]>;
}

/** The order's page, locked for the caller's transaction (refunds, completion and payouts of it queue here). */
export async function lockPage(executor: Db, orderId: string) {
  const [page] = await executor
    .select()
    .from(ledgerOrders)
    .where(eq(ledgerOrders.orderId, orderId))
    .for('update');
  return page;
}

/**
 * The orders were paid: each gets its page (commission rate of its store), and its payment, commission and
 * shipping fee are posted (ADR 027). One statement for a checkout's orders (ADR 033, 037, 087): the stores' rates,
 * the commissions, the pages and every line; the commission's lines are made in it from the commission it works
 * out, the others are built here. An order already booked is skipped.
 */
export async function bookPayments(
  ctx: BookingsContext,
  executor: Db,
  paidOrders: OrderFacts[],
  atTheDoor?: CashAtTheDoor,
) {
  if (paidOrders.length === 0) return;
  const at = ctx.deps.now();
  const opened = await ctx.bookPaymentsAtOnce(executor, {
    at: at.toISOString(),
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
        commission_memo: commissionMemo(order),
      })),
    ),
    entries: entriesOf(
      paidOrders.flatMap((order) =>
        paymentMovements(order, 0, atTheDoor).filter((movement) => movement.kind !== 'commission'),
      ),
      at,
    ),
  });
  const storeOfOrder = new Map(paidOrders.map((order) => [order.id, order.storeId]));
  for (const row of opened)
    if (row.rate_missing)
      ctx.log.error(
        { storeId: storeOfOrder.get(row.order_id) },
        'store has no payment category; standard commission used',
      );
}

/**
 * The order completed (delivered, the return window passed): what escrow holds for it moves to payable and its
 * page says since when. A second call, or an order the books never heard of, moves nothing.
 */
/**
 * A carrier's remittance confirmed (ADR 074): the cash it held moves to the platform's account. One movement per
 * remittance, whatever the number of collections it pays for.
 */
export async function bookRemittance(
  ctx: BookingsContext,
  executor: Db,
  remittance: { carrierId: string; amountKobo: number; reference: string; carrierName: string },
) {
  await ctx.post(
    executor,
    'remittance',
    `Remittance ${remittance.reference} from ${remittance.carrierName}`,
    {},
    remittanceLines(remittance.carrierId, remittance.amountKobo),
  );
}

/**
 * A refund of an order paid at the door paid by the platform's bank transfer (ADR 089): what was owed to the
 * customer leaves the platform's remitted cash. Called once, in the transaction that moves the refund to processed.
 */
export async function bookDoorRefundPaid(ctx: BookingsContext, executor: Db, row: RefundFacts) {
  await ctx.post(
    executor,
    'pod_refund_paid',
    `Refund ${row.reference} paid by bank transfer`,
    { orderId: row.orderId, refundId: row.id },
    doorRefundPaidLines(row.amountKobo),
  );
}

/**
 * Per carrier (all, or these): cash collected at the door (fees included), remitted, and held now (the balance of
 * its `carrier_cash`), from the ledger's lines.
 */
export async function carrierCash(executor: Db, carrierIds?: string[]) {
  const rows = await executor
    .select({
      carrierId: ledgerEntries.carrierId,
      collected: sql<string>`coalesce(sum(${ledgerEntries.amountKobo}) filter (where ${ledgerEntries.amountKobo} > 0), 0)`,
      remitted: sql<string>`coalesce(-sum(${ledgerEntries.amountKobo}) filter (where ${ledgerEntries.kind} = 'remittance'), 0)`,
      held: sql<string>`coalesce(sum(${ledgerEntries.amountKobo}), 0)`,
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.account, 'carrier_cash'),
        isNotNull(ledgerEntries.carrierId),
        carrierIds ? inArray(ledgerEntries.carrierId, carrierIds) : undefined,
      ),
    )
    .groupBy(ledgerEntries.carrierId);
  return new Map(
    rows.map((row) => [
      row.carrierId!,
      {
        collectedKobo: koboFromDb(row.collected),
        remittedKobo: koboFromDb(row.remitted),
        heldKobo: koboFromDb(row.held),
      },
    ]),
  );
}

/** The platform's pay-on-delivery fees, from the ledger. */
export async function podFeesKobo(executor: Db) {
  const [row] = await executor
    .select({ total: sql<string>`coalesce(-sum(${ledgerEntries.amountKobo}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account, 'pod_fees'));
  return koboFromDb(row?.total ?? 0);
}

export async function releaseToPayable(
  ctx: BookingsContext,
  executor: Db,
  order: Pick<OrderFacts, 'id' | 'orderName'>,
  why: 'completed' | 'returned' = 'completed',
) {
  await releaseManyToPayable(ctx, executor, [{ ...order, why }]);
}

/**
 * Several orders' escrow becomes payable at once (a carrier's remittance confirmed pays for many, ADR 074, 080): in
 * four statements whatever their number (their pages locked in one, their escrow summed in one, one insert of
 * every movement, one update of the pages). An order already payable, or that the books never heard of, is skipped.
 */
export async function releaseManyToPayable(
  ctx: BookingsContext,
  executor: Db,
  orders: (Pick<OrderFacts, 'id' | 'orderName'> & { why: 'completed' | 'returned' })[],
) {
  if (orders.length === 0) return;
  // Locked in one order (by id) so two releases of overlapping orders queue rather than deadlock.
  const pages = await executor
    .select({ orderId: ledgerOrders.orderId, storeId: ledgerOrders.storeId })
    .from(ledgerOrders)
    .where(
      and(
        inArray(
          ledgerOrders.orderId,
          orders.map((order) => order.id),
        ),
        isNull(ledgerOrders.payableAt),
      ),
    )
    .orderBy(asc(ledgerOrders.orderId))
    .for('update');
  if (pages.length === 0) return;
  const escrow = await executor
    .select({ orderId: ledgerEntries.orderId, total: sum(ledgerEntries.amountKobo).mapWith(Number) })
    .from(ledgerEntries)
    .where(
      and(
        inArray(
          ledgerEntries.orderId,
          pages.map((page) => page.orderId),
        ),
        eq(ledgerEntries.account, 'merchant_escrow'),
      ),
    )
    .groupBy(ledgerEntries.orderId);
  const heldOf = new Map(escrow.map((row) => [row.orderId, -(row.total ?? 0)]));
  const byId = new Map(orders.map((order) => [order.id, order]));
  await ctx.postMany(
    executor,
    pages.map((page) => {
      const order = byId.get(page.orderId)!;
      return {
        kind: 'escrow_release',
        memo: `${order.orderName} ${order.why}: payable`,
        links: { orderId: page.orderId },
        lines: releaseLines(page.storeId, heldOf.get(page.orderId) ?? 0),
      };
    }),
  );
  await executor
    .update(ledgerOrders)
    .set({ payableAt: ctx.deps.now() })
    .where(
      inArray(
        ledgerOrders.orderId,
        pages.map((page) => page.orderId),
      ),
    );
}

/**
 * Refund rows were booked for the order (ADR 026: before money moves): one movement per row, the goods part
 * split between the store (its escrow before payable, payable after) and the commission in proportion
 * due/(subtotal − discount), counted on the running total of the order's refunded goods so that refunding
 * everything in any number of steps gives back exactly the due amount and the commission. A refund the platform
 * bears moves both parts on to `platform_chargebacks`. Nothing is posted for an order the books never heard of
 * (its refunds are posted when it is booked).
 */
export async function bookRefunds(
  ctx: BookingsContext,
  executor: Db,
  order: OrderFacts,
  rows: RefundFacts[],
) {
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
  const lines = refundLines(
    {
      itemsPaidKobo: itemsPaid,
      commissionBookedKobo: Number(totals?.commission ?? 0),
      itemsRefundedKobo: Number(totals?.refunded ?? 0),
    },
    page,
    rows,
  );
  for (const [index, row] of rows.entries()) {
    const links = { orderId: order.id, refundId: row.id };
    await ctx.post(executor, 'refund', `Refund ${row.reference} of ${order.orderName}`, links, lines[index]!);
    if (row.chargedTo === 'platform') await chargeback(ctx, executor, page, row, 'platform');
  }
}

/**
 * An admin rejected a refund: its lines are reversed, the store's part to its current account. On an order that
 * will never complete (`kept`: cancelled, or returned with its goods back at the store; ADR 059) nobody is owed
 * what the refund gave back: beside the exact reversal, a `refund_kept` movement takes it again from the store,
 * the commission, the delivery fee and the chargebacks, to `platform_kept`. So the order's due, commission and
 * delivery fee stay as the refund left them, and its refunds count the money as not refunded.
 */
export async function reverseRefund(
  ctx: BookingsContext,
  executor: Db,
  row: RefundFacts,
  options: { kept?: boolean } = {},
) {
  const page = await lockPage(executor, row.orderId);
  if (!page) return;
  const movements = reversalMovements(
    row,
    page,
    await sums(executor, eq(ledgerEntries.refundId, row.id)),
    options.kept,
  );
  if (movements.length === 0) return;
  await ctx.postMany(executor, movements);
}

/** A chargeback decision changed who bears these refunds. */
export async function chargeRefundsTo(ctx: BookingsContext, executor: Db, rows: RefundFacts[]) {
  for (const row of rows) {
    if (row.status === 'rejected') continue;
    const page = await lockPage(executor, row.orderId);
    if (page) await chargeback(ctx, executor, page, row, row.chargedTo);
  }
}

/**
 * Makes the platform bear a refund (its store and commission parts move to `platform_chargebacks`) or the store
 * again; a no-op when the books already say so.
 */
export async function chargeback(
  ctx: BookingsContext,
  executor: Db,
  page: LedgerOrderPage,
  row: RefundFacts,
  to: 'merchant' | 'platform',
) {
  const net = await sums(executor, eq(ledgerEntries.refundId, row.id));
  const borne = net.find((line) => line.account === 'platform_chargebacks')?.total ?? 0;
  if (bearerUnchanged(to, borne)) return;
  const [parts] = await executor
    .select({
      merchant: sql<string>`coalesce(sum(${ledgerEntries.amountKobo}) filter (where ${inArray(ledgerEntries.account, [...MERCHANT_ACCOUNTS])}), 0)`,
      commission: sql<string>`coalesce(sum(${ledgerEntries.amountKobo}) filter (where ${ledgerEntries.account} = 'platform_commission'), 0)`,
    })
    .from(ledgerEntries)
    .where(
      and(eq(ledgerEntries.refundId, row.id), inArray(ledgerEntries.kind, ['refund', 'refund_reversal'])),
    );
  const lines = chargebackLines(
    to,
    borne,
    { merchantKobo: Number(parts?.merchant ?? 0), commissionKobo: Number(parts?.commission ?? 0) },
    page,
  );
  if (!lines) return;
  await ctx.post(
    executor,
    'chargeback',
    to === 'platform' ? `Platform bears refund ${row.reference}` : `Store bears refund ${row.reference}`,
    { orderId: row.orderId, refundId: row.id },
    lines,
  );
}

/**
 * The order was taken back for good: cancelled after payment, or returned (ADR 082). Its page is locked first, so
 * every line posted before is seen by the marking statement (postings of an order's goods lock its page).
 */
export async function markUndone(ctx: BookingsContext, executor: Db, orderId: string) {
  if (!(await lockPage(executor, orderId))) return;
  await executor.execute(markUndoneSql(orderId, ctx.deps.now()));
}

/**
 * An order taken back whole before refunds had rows of their own (cancelled or returned before ADR 026): the
 * customer got everything back, so the books give back all it holds (goods, commission, delivery fee).
 */
export async function bookWholeRefund(ctx: BookingsContext, executor: Db, order: OrderFacts, status: string) {
  const page = await lockPage(executor, order.id);
  if (!page) return;
  const figures = await ledgerOrderFigures(executor, order.id);
  await ctx.post(
    executor,
    'refund',
    `Refund of ${status} ${order.orderName}`,
    { orderId: order.id },
    wholeRefundLines(figures, order.shippingFeeKobo, page),
  );
}

/** Of these orders, those the books have no page for (paid before the ledger, or written by the demo seed). */
export async function unbooked(executor: Db, orderIds: string[]): Promise<string[]> {
  if (orderIds.length === 0) return [];
  const booked = await executor
    .select({ orderId: ledgerOrders.orderId })
    .from(ledgerOrders)
    .where(inArray(ledgerOrders.orderId, orderIds));
  const known = new Set(booked.map((row) => row.orderId));
  return orderIds.filter((id) => !known.has(id));
}

/** The order's page (undefined before it is booked): its rate and since when it is payable. */
export async function orderPage(executor: Db, orderId: string) {
  const [page] = await executor.select().from(ledgerOrders).where(eq(ledgerOrders.orderId, orderId));
  return page;
}
