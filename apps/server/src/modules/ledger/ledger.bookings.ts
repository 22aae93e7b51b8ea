import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { koboFromDb } from '../../platform/db/kobo.js';
import type { Deps } from '../../platform/deps.js';
import { mulDivHalfUp } from './ledger.commission.js';
import { ledgerOrderFigures } from './ledger.figures.js';
import { sums } from './ledger.reads.js';
import { markUndoneSql } from './ledger.rollups.js';
import { type LedgerAccount, type LedgerKind, ledgerEntries, ledgerOrders } from './ledger.schema.js';
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
  /** The orders' pages at payment, with their stores' commission (one prepared statement, ADR 037). */
  openPages(
    executor: Db,
    values?: Record<string, unknown>,
  ): Promise<
    { order_id: string; basis_points: number; rate_missing: boolean; commission_kobo: string | number }[]
  >;
}

const MERCHANT_ACCOUNTS: readonly LedgerAccount[] = ['merchant_escrow', 'merchant_payable'];

/** The order's page, locked for the caller's transaction (refunds, completion and payouts of it queue here). */
export async function lockPage(executor: Db, orderId: string) {
  const [page] = await executor
    .select()
    .from(ledgerOrders)
    .where(eq(ledgerOrders.orderId, orderId))
    .for('update');
  return page;
}

const merchantAccountOf = (page: LedgerOrderPage): LedgerAccount =>
  page.payableAt ? 'merchant_payable' : 'merchant_escrow';

/**
 * The orders were paid: each gets its page (commission rate of its store), and its payment, commission and
 * shipping fee are posted (ADR 027). A fixed number of statements for a checkout's orders (ADR 033): one for the
 * stores' rates, the commissions and the pages (ADR 037), one insert of every line. An order already booked is
 * skipped.
 */
export async function bookPayments(
  ctx: BookingsContext,
  executor: Db,
  paidOrders: OrderFacts[],
  atTheDoor?: CashAtTheDoor,
) {
  if (paidOrders.length === 0) return;
  const opened = await ctx.openPages(executor, {
    at: ctx.deps.now().toISOString(),
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
      ctx.log.error({ storeId: order.storeId }, 'store has no payment category; standard commission used');
    }
    const shipping = order.shippingFeeKobo;
    const commission = koboFromDb(values.commission_kobo);
    const links = { orderId: order.id };
    const store = order.storeId;
    const paid = order.subtotalKobo - order.discountKobo + shipping;
    // Paid at the door (ADR 074): the carrier holds the money until it remits it, the fee is the platform's.
    const from: Line = atTheDoor
      ? { account: 'carrier_cash', carrierId: atTheDoor.carrierId, amountKobo: paid }
      : { account: 'payments_clearing', amountKobo: paid };
    if (atTheDoor)
      movements.push({
        kind: 'pod_fee',
        memo: `Pay-on-delivery fee of ${order.orderName}`,
        links,
        lines: [
          { account: 'carrier_cash', carrierId: atTheDoor.carrierId, amountKobo: atTheDoor.feeKobo },
          { account: 'pod_fees', amountKobo: -atTheDoor.feeKobo },
        ],
      });
    movements.push(
      {
        kind: 'payment',
        memo: atTheDoor ? `Payment of ${order.orderName} at the door` : `Payment of ${order.orderName}`,
        links,
        lines: [from, { account: 'merchant_escrow', storeId: store, amountKobo: -paid }],
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
  await ctx.postMany(executor, movements);
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
    [
      { account: 'pod_remitted', amountKobo: remittance.amountKobo },
      { account: 'carrier_cash', carrierId: remittance.carrierId, amountKobo: -remittance.amountKobo },
    ],
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
  const page = await lockPage(executor, order.id);
  if (!page || page.payableAt) return;
  const [escrow] = await sums(
    executor,
    and(eq(ledgerEntries.orderId, order.id), eq(ledgerEntries.account, 'merchant_escrow')),
  );
  const held = -(escrow?.total ?? 0);
  await ctx.post(executor, 'escrow_release', `${order.orderName} ${why}: payable`, { orderId: order.id }, [
    { account: 'merchant_escrow', storeId: page.storeId, amountKobo: held },
    { account: 'merchant_payable', storeId: page.storeId, amountKobo: -held },
  ]);
  await executor
    .update(ledgerOrders)
    .set({ payableAt: ctx.deps.now() })
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
    await ctx.post(executor, 'refund', `Refund ${row.reference} of ${order.orderName}`, links, [
      { account: 'payments_clearing', amountKobo: -row.amountKobo },
      { account: 'shipping_fees', amountKobo: shipping },
      { account: merchantAccount, storeId: page.storeId, amountKobo: merchantShare },
      { account: 'platform_commission', amountKobo: items - merchantShare },
    ]);
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
  await ctx.post(
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
  await ctx.post(executor, 'refund', `Refund of ${status} ${order.orderName}`, { orderId: order.id }, [
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
