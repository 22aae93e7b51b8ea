import {
  adminPayoutEndpoints,
  customerReturnEndpoints,
  financeEndpoints,
  giftCardCustomerEndpoints,
  merchantPayoutEndpoints,
} from '@market/contracts';
import { sql } from 'drizzle-orm';
import { foldRollups, rollupDifferences } from '../../src/modules/ledger/index.js';
import { ledgerOrders, payoutOrders, payouts } from '../../src/modules/ledger/ledger.schema.js';
import { orderRefunds, orders, orderTrackers } from '../../src/modules/orders/orders.schema.js';
import { orderReturns } from '../../src/modules/returns/returns.schema.js';
import { sandboxCharges } from '../../src/platform/payments/sandbox.schema.js';
import { urlOf } from '../support/contract-requests.js';
import type { Outcome } from './money-commands.js';
import { checkPayOnDelivery, podCollectionsOf } from './money-pod-invariants.js';
import { type Actor, json, rowsOf, type World } from './money-world.js';

// What must hold after every step of the money simulation (ADR 052). The expected figures are worked out here, in
// TypeScript, from the ledger's raw lines and the facts of orders, refunds and payouts, never through the server's
// own figures code, and then compared with every screen's answer through the API.

/** A broken invariant: its name and what differed. */
export class InvariantBroken extends Error {}

function must(condition: boolean, name: string, detail: () => unknown) {
  if (!condition) throw new InvariantBroken(`${name}: ${JSON.stringify(detail(), null, 1).slice(0, 2_000)}`);
}

/** JSON with every object's keys sorted, so that equal figures compare equal in any key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

/** The figures of `actual` that `expected` names (a screen may show more than the simulation checks). */
function figuresOf(actual: Record<string, unknown> | undefined, expected: object): Record<string, unknown> {
  return Object.fromEntries(Object.keys(expected).map((key) => [key, actual?.[key]]));
}

function same(actual: unknown, expected: unknown, name: string) {
  const a = canonical(actual);
  const e = canonical(expected);
  must(a === e, name, () => ({ expected, actual }));
}

const kobo = (naira: number) => Math.round(naira * 100);

interface Entry {
  movement_id: string;
  kind: string;
  account: string;
  store_id: string | null;
  carrier_id: string | null;
  order_id: string | null;
  refund_id: string | null;
  payout_id: string | null;
  amount_kobo: number;
}

const MERCHANT = new Set(['merchant_escrow', 'merchant_payable']);
const PAYOUT_KINDS = new Set(['payout', 'payout_reversal']);
const REFUND_KINDS = new Set(['refund', 'refund_reversal']);
/** A refund's outcome is known: made, refused (retried later or decided by an admin), or decided. */
const FINAL_REFUND = new Set(['processed', 'failed', 'rejected']);

/** An order's money from its ledger lines, as ADR 046 defines the figures. */
interface OrderMoney {
  payment: number;
  commission: number;
  escrow: number;
  payable: number;
  refunded: number;
  refundedShipping: number;
  shippingKept: number;
  borne: number;
  /** Not refunded and owed to nobody: a refund rejected on an order that never completes (ADR 059). */
  kept: number;
}

function orderMoney(lines: Entry[]): OrderMoney {
  const money: OrderMoney = {
    payment: 0,
    commission: 0,
    escrow: 0,
    payable: 0,
    refunded: 0,
    refundedShipping: 0,
    shippingKept: 0,
    borne: 0,
    kept: 0,
  };
  for (const line of lines) {
    const amount = line.amount_kobo;
    // Paid online into clearing, or at the door into the carrier's cash (ADR 074).
    if ((line.account === 'payments_clearing' || line.account === 'carrier_cash') && line.kind === 'payment')
      money.payment += amount;
    // Refunded through the provider, or owed (then paid by transfer) to a customer who paid at the door (ADR 089).
    if (
      (line.account === 'payments_clearing' || line.account === 'pod_refunds_owed') &&
      REFUND_KINDS.has(line.kind)
    )
      money.refunded -= amount;
    if (line.account === 'shipping_fees' && REFUND_KINDS.has(line.kind)) money.refundedShipping += amount;
    if (line.account === 'platform_commission') money.commission -= amount;
    if (line.account === 'shipping_fees') money.shippingKept -= amount;
    if (line.account === 'platform_chargebacks') money.borne += amount;
    if (line.account === 'platform_kept') money.kept -= amount;
    if (!PAYOUT_KINDS.has(line.kind)) {
      if (line.account === 'merchant_escrow') money.escrow -= amount;
      if (line.account === 'merchant_payable') money.payable -= amount;
    }
  }
  return money;
}

type Totals = {
  ordersCount: number;
  totalOrderAmountKobo: number;
  totalSalesOrderAmountKobo: number;
  totalDeliveryAmountKobo: number;
  discountKobo: number;
  commissionKobo: number;
  commissionBasisPoints: number;
  refundedKobo: number;
  dueToMerchantKobo: number;
  paidOutKobo: number;
  payableKobo: number;
  notYetPayableKobo: number;
};

function emptyTotals(): Totals & { goodsKept: number } {
  return {
    ordersCount: 0,
    totalOrderAmountKobo: 0,
    totalSalesOrderAmountKobo: 0,
    totalDeliveryAmountKobo: 0,
    discountKobo: 0,
    commissionKobo: 0,
    commissionBasisPoints: 0,
    refundedKobo: 0,
    dueToMerchantKobo: 0,
    paidOutKobo: 0,
    payableKobo: 0,
    notYetPayableKobo: 0,
    goodsKept: 0,
  };
}

/** round(a / b) half up for non-negative a and positive b, exactly. */
const divHalfUp = (a: number, b: number) =>
  b <= 0 ? 0 : Number((BigInt(a) * 2n + BigInt(b)) / (BigInt(b) * 2n));

function finish(totals: Totals & { goodsKept: number }): Totals {
  const { goodsKept, ...rest } = totals;
  return { ...rest, commissionBasisPoints: divHalfUp(rest.commissionKobo * 10_000, goodsKept) };
}

function lagosDay(at: Date): string {
  return new Date(at.getTime() + 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** round(a × b / c) half up, exactly: the ledger's rounding (ADR 046), written here again on purpose. */
const mulDivHalfUp = (a: number, b: number, c: number) =>
  c === 0 ? 0 : Number((BigInt(a) * BigInt(b) * 2n + BigInt(c)) / (BigInt(c) * 2n));

/**
 * An order's commission is its store's rate on the goods it kept (ADR 046, 047, 059), by the ledger's rounding:
 * - at payment, c₀ = round½↑(subtotal × rate / 10 000), never more than the goods paid after the discount
 *   (p = subtotal − discount); the store is due d₀ = p − c₀;
 * - refunds at the store's cost give back goods G (their amount less their delivery-fee part) split in proportion:
 *   over all of them the store gives back round½↑(G × d₀ / p) and the commission the rest, so
 *   commission = c₀ − (G − round½↑(G × d₀ / p)); a fully refunded order keeps 0, a partial refund keeps the rate on
 *   what was kept;
 * - a refund the platform bears leaves the commission as it was (its cost is the platform's);
 * - a rejected refund gives the commission back, except on an order that never completes (cancelled, returned),
 *   where the platform keeps what the refund left (ADR 059): its goods still count in G.
 * Each refund is apportioned on the goods refunded before it, so a refund borne by the platform or rejected between
 * others can move the later ones' rounding by a kobo: those orders are held to one kobo per such refund.
 */
function checkCommission(
  order: { status: string; subtotalKobo: number; discountKobo: number },
  refunds: {
    amountKobo: number;
    shippingKobo: number;
    status: string;
    chargedTo: string;
    returnId?: string | null;
    createdAt?: Date;
  }[],
  money: OrderMoney,
  page: { commissionBasisPoints: number } | undefined,
  rate: number | undefined,
  name: string,
) {
  if (!page) return;
  must(
    rate !== undefined && page.commissionBasisPoints === rate,
    `${name}: booked at its store's commission rate`,
    () => ({ booked: page.commissionBasisPoints, storeRate: rate }),
  );
  const paid = order.subtotalKobo - order.discountKobo;
  const c0 = Math.min(
    mulDivHalfUp(order.subtotalKobo, page.commissionBasisPoints, 10_000),
    Math.max(0, paid),
  );
  const d0 = paid - c0;
  const kept = order.status === 'cancelled' || order.status === 'returned';
  const counts = (row: (typeof refunds)[number]) =>
    row.chargedTo !== 'platform' && (row.status !== 'rejected' || kept);
  // The rows of one booking (a return refunded part to gift cards, part to the card) share its delivery fee: the
  // ledger takes the fee from them in turn, so a row may carry more fee than its own amount (seed 71082, step 43).
  const bookings = new Map<string, { amountKobo: number; shippingKobo: number }>();
  for (const [index, row] of refunds.filter(counts).entries()) {
    const key = row.createdAt ? `${row.returnId ?? ''}|${row.createdAt.getTime()}` : `row ${index}`;
    const booking = bookings.get(key) ?? { amountKobo: 0, shippingKobo: 0 };
    booking.amountKobo += row.amountKobo;
    booking.shippingKobo += row.shippingKobo;
    bookings.set(key, booking);
  }
  const goods = [...bookings.values()].reduce(
    (acc, booking) => acc + booking.amountKobo - Math.min(booking.amountKobo, booking.shippingKobo),
    0,
  );
  const expected = c0 - (goods - mulDivHalfUp(goods, d0, paid));
  const slack = refunds.filter((row) => row.chargedTo === 'platform' || row.status === 'rejected').length;
  must(
    Math.abs(money.commission - expected) <= slack,
    `${name}: commission = its store's rate on the goods kept`,
    () => ({
      commission: money.commission,
      expected,
      rateBasisPoints: page.commissionBasisPoints,
      goodsPaidKobo: paid,
      commissionAtPaymentKobo: c0,
      goodsRefundedAtStoreCostKobo: goods,
      toleranceKobo: slack,
      refunds,
    }),
  );
}

/** Every check, after one step. `outcome`: what the step said it did (a payout it approved is checked too). */
export async function checkInvariants(world: World, outcome: Outcome | null): Promise<number> {
  const { db } = world.test.deps;
  let checks = 0;
  const entries = rowsOf(
    await db.execute(
      sql`select movement_id, kind, account, store_id, carrier_id, order_id, refund_id, payout_id, amount_kobo from ledger_entries`,
    ),
  ).map((row) => ({ ...row, amount_kobo: Number(row.amount_kobo) }) as Entry);
  const [orderRows, trackers, refunds, payoutRows, charges, returns, pages, carried, pod] = await Promise.all(
    [
      db.select().from(orders),
      db.select().from(orderTrackers),
      db.select().from(orderRefunds),
      db.select().from(payouts),
      db.select().from(sandboxCharges),
      db.select().from(orderReturns),
      db.select().from(ledgerOrders),
      db.select().from(payoutOrders),
      podCollectionsOf(world),
    ],
  );
  // Each store's commission rate, from its payment category (ADR 046: the one commission rule).
  const rateOf = new Map(
    rowsOf(
      await db.execute(
        sql`select s.id as store_id, c.commission_basis_points as rate from stores s
          join payment_categories c on c.slug = s.payment_category`,
      ),
    ).map((row) => [String(row.store_id), Number(row.rate)]),
  );
  // The books' page of each order (when it became payable) and what processed payouts carried of it (ADR 047).
  const pageOf = new Map(pages.map((row) => [row.orderId, row]));
  const trackerOf = new Map(trackers.map((row) => [row.id, row]));

  // Every screen is read at once (nothing writes while the checks run), each answer kept for the check that uses it.
  const pendingReads = new Map<string, Promise<ReturnType<typeof json>>>();
  const read = (url: string, actor: Actor) => {
    const key = `${actor.label} ${url}`;
    let pending = pendingReads.get(key);
    if (!pending) {
      pending = world.call('GET', url, actor).then((answer) => {
        if (answer.statusCode !== 200)
          throw new InvariantBroken(
            `GET ${url} as ${actor.label}: ${answer.statusCode} ${answer.body.slice(0, 300)}`,
          );
        return json(answer);
      });
      pendingReads.set(key, pending);
    }
    return pending;
  };
  const now = world.test.deps.now();
  const range = `from=${lagosDay(new Date(now.getTime() - 86_400_000))}&to=${lagosDay(new Date(now.getTime() + 86_400_000))}`;
  const screens: Promise<unknown>[] = [
    read(`${urlOf(financeEndpoints.report)}?${range}`, world.admin),
    read(urlOf(adminPayoutEndpoints.stats), world.admin),
    read(urlOf(adminPayoutEndpoints.merchants, { query: { page: 1, limit: 100 } }), world.admin),
    ...world.stores.flatMap((store) => [
      read(`${urlOf(financeEndpoints.paymentReport)}?${range}`, store.actor),
      read(urlOf(merchantPayoutEndpoints.balances), store.actor),
    ]),
    ...world.customers.map((customer) =>
      read(
        urlOf(giftCardCustomerEndpoints.myCards, {
          query: { sortBy: 'createdAt', order: 'DESC', page: 1, limit: 100 },
        }),
        customer.actor,
      ),
    ),
    ...returns
      .filter((row) => row.refundKobo !== null)
      .map((row) =>
        read(
          urlOf(customerReturnEndpoints.one, { params: { id: row.id } }),
          world.customers.find((one) => one.shopper.userId === row.customerId)!.actor,
        ),
      ),
  ];
  await Promise.all(screens);
  const payoutOf = new Map(payoutRows.map((row) => [row.id, row]));
  const paidOutOf = new Map<string, number>();
  for (const row of carried)
    if (payoutOf.get(row.payoutId)?.status === 'processed')
      paidOutOf.set(row.orderId, (paidOutOf.get(row.orderId) ?? 0) + Number(row.amountKobo));

  // ---- 1. The ledger balances: every movement, so every account set, sums to zero; lines are whole kobo. ----
  const movements = new Map<string, number>();
  for (const line of entries) {
    must(
      Number.isSafeInteger(line.amount_kobo) && line.amount_kobo !== 0,
      'a ledger line is a non-zero whole kobo',
      () => line,
    );
    must(
      MERCHANT.has(line.account) === (line.store_id !== null),
      'merchant lines name their store, platform lines none',
      () => line,
    );
    movements.set(line.movement_id, (movements.get(line.movement_id) ?? 0) + line.amount_kobo);
  }
  const unbalanced = [...movements].filter(([, total]) => total !== 0);
  must(unbalanced.length === 0, 'every ledger movement sums to zero', () => unbalanced);
  checks += 2;

  // ---- 2. Per order: money in = money out + money held, to the kobo; terminal states have their money step. ----
  const linesOf = new Map<string, Entry[]>();
  for (const line of entries) {
    if (!line.order_id) continue;
    const list = linesOf.get(line.order_id) ?? [];
    list.push(line);
    linesOf.set(line.order_id, list);
  }
  // Paid: online with its checkout's payment; at the door once the carrier took the cash (ADR 074).
  const collected = new Set(pod.collections.map((row) => row.orderId));
  const remitted = new Set(pod.collections.filter((row) => row.remittedAt).map((row) => row.orderId));
  const isPaid = (order: (typeof orderRows)[number]) =>
    order.paymentMethod === 'on_delivery'
      ? collected.has(order.id)
      : trackerOf.get(order.trackerId)?.paidAt != null;
  const paidOrders = orderRows.filter(isPaid);
  const moneyOf = new Map<string, OrderMoney>();
  for (const order of orderRows) {
    const money = orderMoney(linesOf.get(order.id) ?? []);
    moneyOf.set(order.id, money);
    const paid = isPaid(order);
    const own = refunds.filter((row) => row.orderId === order.id);
    const standing = own
      .filter((row) => row.status !== 'rejected')
      .reduce((acc, row) => acc + row.amountKobo, 0);
    const booked = own.reduce((acc, row) => acc + row.amountKobo, 0);
    const name = `order ${order.orderName} (${order.status})`;
    // Paid at the door, its cash still with the carrier (or its remittance not confirmed): held in escrow (ADR 074).
    const waitingForCash = order.paymentMethod === 'on_delivery' && !remitted.has(order.id);
    if (!paid) {
      must((linesOf.get(order.id) ?? []).length === 0, `${name}: no books before payment`, () =>
        linesOf.get(order.id),
      );
      continue;
    }
    // Money in: what the customer paid for it, once, into clearing.
    same(money.payment, order.totalKobo, `${name}: its payment line is what the customer paid`);
    // The commission rule first: a wrong split shows as such, before the totals it also breaks.
    checkCommission(order, own, money, pageOf.get(order.id), rateOf.get(order.storeId), name);
    // Out: refunded to the customer. Held: commission, due to the store (escrow, payable or paid out), delivery
    // fees kept, less what the platform bore of refunds.
    same(
      money.refunded +
        money.commission +
        money.escrow +
        money.payable +
        money.shippingKept +
        money.kept -
        money.borne,
      order.totalKobo,
      `${name}: money in = refunded + commission + due + delivery kept + kept by the platform − borne by it`,
    );
    same(money.refunded, standing, `${name}: the books' refunds are its refund rows not rejected`);
    must(
      money.refunded >= 0 && money.refunded <= order.totalKobo,
      `${name}: refunded within what was paid`,
      () => money,
    );
    must(
      money.commission >= 0 && money.escrow + money.payable >= 0,
      `${name}: commission and due never negative`,
      () => money,
    );
    if (order.status === 'cancelled') {
      same(booked, order.totalKobo, `${name}: cancelled after payment only with its whole refund booked`);
      same(money.escrow, 0, `${name}: a cancelled order holds nothing in escrow`);
    }
    if (order.status === 'returned') {
      const settled = returns.some(
        (row) => row.orderId === order.id && (row.refundKobo !== null || row.replacementOrderId !== null),
      );
      must(
        settled || booked === order.totalKobo,
        `${name}: returned only with its refund or replacement`,
        () => ({ own, returns: returns.filter((row) => row.orderId === order.id) }),
      );
      if (!waitingForCash) same(money.escrow, 0, `${name}: a returned order holds nothing in escrow`);
    }
    if (order.status === 'completed') {
      must(
        order.deliveredAt !== null && (pageOf.get(order.id)?.payableAt != null) === !waitingForCash,
        `${name}: completed means delivered, and payable unless paid at the door and not yet remitted`,
        () => ({ order, page: pageOf.get(order.id) }),
      );
      if (!waitingForCash) same(money.escrow, 0, `${name}: a completed order holds nothing in escrow`);
    }
    if (paidOutOf.has(order.id)) {
      must(
        pageOf.get(order.id)?.payableAt != null,
        `${name}: in a processed payout, so it had become payable`,
        () => ({ order, page: pageOf.get(order.id) }),
      );
    }
    checks += 6;
  }

  // ---- 3. Customers' refunds equal the provider's. ----
  for (const tracker of trackers.filter((row) => row.paidAt)) {
    const own = refunds.filter((row) => row.trackerId === tracker.id);
    const sum = (rows: typeof own) => rows.reduce((acc, row) => acc + row.amountKobo, 0);
    const provider = own.filter((row) => row.destination === 'provider');
    const charge = charges.find((row) => row.reference === tracker.reference);
    // Through the provider's refund API only: a refund paid another way (ADR 049) left by a bank transfer, and a
    // card dispute's chargeback was reversed by the bank (booked processed under its `dispute:` key), so neither is
    // on the provider's refund record.
    const throughProvider = provider.filter(
      (row) => row.decision !== 'paid_another_way' && !row.providerReference?.startsWith('dispute:'),
    );
    const processed = sum(throughProvider.filter((row) => row.status === 'processed'));
    // The provider's own record (faulty-provider.ts): every refund it made of this payment.
    const made = world.faults.refundsMade.filter((one) => one.paymentReference === tracker.reference);
    const madeKobo = made.reduce((acc, one) => acc + one.amountKobo, 0);
    same(
      charge?.refundedKobo ?? 0,
      madeKobo,
      `checkout ${tracker.reference}: the provider's refunds add up to its charge's refunded amount`,
    );
    // Refunds made at the provider = refunds booked: exactly, once nothing is in flight; while a refund's outcome
    // is open (pending, processing, unknown: sent, no final answer), the provider may be ahead by those rows only.
    // A provider ahead of the books with nothing open is money refunded that the books do not show (a late answer
    // booked as failed), or refunded twice (sent again after it).
    const open = throughProvider.filter((row) => !FINAL_REFUND.has(row.status));
    must(
      madeKobo >= processed && madeKobo <= processed + sum(open),
      `checkout ${tracker.reference}: refunds made at the provider = refunds booked (processed, or in flight)`,
      () => ({
        madeAtProvider: made,
        processedKobo: processed,
        inFlight: open.map((row) => ({
          reference: row.reference,
          status: row.status,
          amountKobo: row.amountKobo,
        })),
        rows: throughProvider.map((row) => ({
          reference: row.reference,
          status: row.status,
          amountKobo: row.amountKobo,
          attempts: row.attempts,
          providerReference: row.providerReference,
        })),
      }),
    );
    // Nothing refunded twice: never more refunds at the provider than rows that asked for one, and no provider
    // refund named by two rows.
    must(
      made.length <= throughProvider.filter((row) => row.status !== 'rejected').length,
      `checkout ${tracker.reference}: nothing refunded twice at the provider`,
      () => ({ made, rows: throughProvider }),
    );
    const named = throughProvider.map((row) => row.providerReference).filter((one) => one !== null);
    must(
      new Set(named).size === named.length,
      `checkout ${tracker.reference}: each provider refund booked once`,
      () => named,
    );
    for (const row of provider.filter((one) => !throughProvider.includes(one)))
      must(
        row.status === 'processed',
        `refund ${row.reference}: paid another way or reversed by the bank, so processed`,
        () => row,
      );
    same(
      tracker.refundedKobo,
      sum(provider.filter((row) => row.status !== 'rejected')),
      `checkout ${tracker.reference}: cash refunds booked`,
    );
    same(
      tracker.giftCardRefundedKobo,
      sum(own.filter((row) => row.destination === 'gift_card' && row.status !== 'rejected')),
      `checkout ${tracker.reference}: gift-card refunds booked`,
    );
    must(
      tracker.refundedKobo <= tracker.amountDueKobo,
      `checkout ${tracker.reference}: never more cash back than paid`,
      () => tracker,
    );
    const ordersOf = orderRows.filter((order) => order.trackerId === tracker.id);
    same(
      ordersOf.reduce((acc, order) => acc + order.totalKobo, 0),
      tracker.amountDueKobo + tracker.giftCardKobo + tracker.onDeliveryKobo,
      `checkout ${tracker.reference}: its orders add up to what was paid (card + gift cards + at the door)`,
    );
    if (tracker.amountDueKobo > 0)
      same(
        charge?.amountKobo,
        tracker.amountDueKobo,
        `checkout ${tracker.reference}: the provider charged what was due`,
      );
    checks += 6;
  }
  for (const customer of world.customers) {
    const cards = (
      await read(
        urlOf(giftCardCustomerEndpoints.myCards, {
          query: { sortBy: 'createdAt', order: 'DESC', page: 1, limit: 100 },
        }),
        customer.actor,
      )
    ).data.cards as { balance: number; status: string }[];
    const mine = trackers.filter((row) => row.customerId === customer.shopper.userId && row.paidAt);
    const spent = mine.reduce((acc, row) => acc + row.giftCardKobo, 0);
    const back = refunds
      .filter(
        (row) =>
          row.destination === 'gift_card' &&
          row.status !== 'rejected' &&
          mine.some((t) => t.id === row.trackerId),
      )
      .reduce((acc, row) => acc + row.amountKobo, 0);
    same(
      cards.reduce((acc, card) => acc + kobo(card.balance), 0),
      customer.giftCardsBoughtKobo - spent + back,
      `customer ${customer.index}: gift-card balances = bought − spent + refunded to cards`,
    );
    checks += 1;
  }
  for (const row of returns.filter((one) => one.refundKobo !== null)) {
    const customer = world.customers.find((one) => one.shopper.userId === row.customerId)!;
    const seen = (await read(urlOf(customerReturnEndpoints.one, { params: { id: row.id } }), customer.actor))
      .data;
    same(
      kobo(seen.refund?.amount ?? 0),
      refunds
        .filter((one) => one.returnId === row.id && one.status !== 'rejected')
        .reduce((acc, one) => acc + one.amountKobo, 0),
      `return ${row.id}: the customer sees the refunds that stand`,
    );
    checks += 1;
  }

  // ---- 4. Every figure of the finance report, its merchants, the payment reports and payouts pages. ----
  const overall = emptyTotals();
  const perStore = new Map<string, ReturnType<typeof emptyTotals>>();
  const days = new Map<
    string,
    {
      ordersCount: number;
      totalOrderAmountKobo: number;
      commissionKobo: number;
      dueToMerchantKobo: number;
      refundedKobo: number;
    }
  >();
  for (const order of paidOrders) {
    const money = moneyOf.get(order.id)!;
    const day = lagosDay(order.createdAt);
    const point = days.get(day) ?? {
      ordersCount: 0,
      totalOrderAmountKobo: 0,
      commissionKobo: 0,
      dueToMerchantKobo: 0,
      refundedKobo: 0,
    };
    point.ordersCount += 1;
    point.totalOrderAmountKobo += order.totalKobo;
    point.commissionKobo += money.commission;
    point.dueToMerchantKobo += money.escrow + money.payable;
    point.refundedKobo += money.refunded;
    days.set(day, point);
    const paidOut = paidOutOf.get(order.id) ?? 0;
    for (const totals of [
      overall,
      perStore.get(order.storeId) ?? perStore.set(order.storeId, emptyTotals()).get(order.storeId)!,
    ]) {
      totals.ordersCount += 1;
      totals.totalOrderAmountKobo += order.totalKobo;
      totals.totalSalesOrderAmountKobo += order.subtotalKobo - order.discountKobo;
      totals.totalDeliveryAmountKobo += order.shippingFeeKobo;
      totals.discountKobo += order.discountKobo;
      totals.commissionKobo += money.commission;
      totals.goodsKept += order.subtotalKobo - (money.refunded - money.refundedShipping);
      totals.refundedKobo += money.refunded;
      totals.dueToMerchantKobo += money.escrow + money.payable;
      totals.paidOutKobo += paidOut;
      totals.payableKobo += money.payable - paidOut;
      totals.notYetPayableKobo += money.escrow;
    }
  }
  const report = (await read(`${urlOf(financeEndpoints.report)}?${range}`, world.admin)).data;
  const expectedTotals = finish(overall);
  same(figuresOf(report.totals, expectedTotals), expectedTotals, 'finance report totals = the ledger');
  // The daily series: one point per Lagos day of the range, quiet days zero.
  for (const point of report.series as { day: string }[]) {
    const { day } = point;
    const expectedPoint = days.get(day) ?? {
      ordersCount: 0,
      totalOrderAmountKobo: 0,
      commissionKobo: 0,
      dueToMerchantKobo: 0,
      refundedKobo: 0,
    };
    same(
      figuresOf(point, expectedPoint),
      expectedPoint,
      `finance report, the series point of ${day} = the ledger`,
    );
  }
  const seriesDays = new Set((report.series as { day: string }[]).map((point) => point.day));
  must(
    [...days.keys()].every((day) => seriesDays.has(day)),
    'finance report: a series point for every day sold',
    () => ({ days: [...days.keys()], seriesDays: [...seriesDays] }),
  );
  const merchants = new Map(
    (report.merchants as (Totals & { storeId: string })[]).map((row) => [row.storeId, row]),
  );
  same(
    [...merchants.keys()].sort(),
    [...perStore.keys()].sort(),
    'finance report: one row per store that sold',
  );
  checks += 2;
  for (const store of world.stores) {
    const storeId = store.store.storeId;
    const expected = perStore.has(storeId) ? finish(perStore.get(storeId)!) : finish(emptyTotals());
    if (perStore.has(storeId)) {
      const row = merchants.get(storeId)!;
      same(
        Object.fromEntries(Object.keys(expected).map((key) => [key, row[key as keyof Totals]])),
        expected,
        `finance report, store ${store.index}'s row = the ledger`,
      );
    }
    const own = (await read(`${urlOf(financeEndpoints.paymentReport)}?${range}`, store.actor)).data;
    same(figuresOf(own.totals, expected), expected, `store ${store.index}'s payment report = the ledger`);

    // The payouts page: escrow and payable from the store's ledger lines, approved and processed from its payouts.
    const lines = entries.filter((line) => line.store_id === storeId);
    const balance = (account: string) =>
      -lines.filter((line) => line.account === account).reduce((acc, line) => acc + line.amount_kobo, 0);
    const mine = payoutRows.filter((row) => row.storeId === storeId);
    const open = mine.filter((row) => row.status === 'approved' || row.status === 'processing');
    must(open.length <= 1, `store ${store.index}: at most one open payout`, () => open);
    const approved = open.reduce((acc, row) => acc + row.amountKobo, 0);
    const processed = mine
      .filter((row) => row.status === 'processed')
      .reduce((acc, row) => acc + row.amountKobo, 0);
    const balances = (await read(urlOf(merchantPayoutEndpoints.balances), store.actor)).data;
    same(
      {
        escrow: kobo(balances.escrow),
        payable: kobo(balances.payable),
        approved: kobo(balances.approved),
        processed: kobo(balances.processed),
      },
      {
        escrow: balance('merchant_escrow'),
        payable: balance('merchant_payable') - approved,
        approved,
        processed,
      },
      `store ${store.index}'s payouts page = the ledger`,
    );
    // What left for the store's bank is what its processed payouts say, in the books as in the payouts.
    const paidOutInBooks = lines
      .filter((line) => line.account === 'merchant_payable' && PAYOUT_KINDS.has(line.kind))
      .reduce((acc, line) => acc + line.amount_kobo, 0);
    same(paidOutInBooks, processed, `store ${store.index}: the books' payouts = its processed payouts`);
    // Escrow is only ever the not-yet-payable money of its orders.
    same(
      balance('merchant_escrow'),
      paidOrders
        .filter((order) => order.storeId === storeId)
        .reduce((acc, order) => acc + moneyOf.get(order.id)!.escrow, 0),
      `store ${store.index}: escrow = its orders' escrow`,
    );
    checks += 5;
  }
  const stats = (await read(urlOf(adminPayoutEndpoints.stats), world.admin)).data;
  const pending = world.stores.reduce((acc, store) => {
    const payable = -entries
      .filter((line) => line.store_id === store.store.storeId && line.account === 'merchant_payable')
      .reduce((sum, line) => sum + line.amount_kobo, 0);
    const open = payoutRows
      .filter(
        (row) =>
          row.storeId === store.store.storeId && (row.status === 'approved' || row.status === 'processing'),
      )
      .reduce((sum, row) => sum + row.amountKobo, 0);
    return acc + Math.max(0, payable - open);
  }, 0);
  same(
    {
      processed: kobo(stats.processedPayment),
      approved: kobo(stats.approvedPayment),
      pending: kobo(stats.pendingPayment),
    },
    {
      processed: payoutRows
        .filter((row) => row.status === 'processed')
        .reduce((acc, row) => acc + row.amountKobo, 0),
      approved: payoutRows
        .filter((row) => row.status === 'approved' || row.status === 'processing')
        .reduce((acc, row) => acc + row.amountKobo, 0),
      pending,
    },
    "admin payouts page's totals = the ledger and the payouts",
  );
  // The admin's list of stores to pay: each store's escrow, payable (less its open payout) and approved amount.
  const toPay = (
    await read(urlOf(adminPayoutEndpoints.merchants, { query: { page: 1, limit: 100 } }), world.admin)
  ).data.merchants as { storeId: string; escrow: number; payable: number; approved: number }[];
  for (const store of world.stores) {
    const storeId = store.store.storeId;
    const sumOf = (account: string) =>
      -entries
        .filter((line) => line.store_id === storeId && line.account === account)
        .reduce((acc, line) => acc + line.amount_kobo, 0);
    const approved = payoutRows
      .filter((row) => row.storeId === storeId && (row.status === 'approved' || row.status === 'processing'))
      .reduce((acc, row) => acc + row.amountKobo, 0);
    const expected = {
      escrow: sumOf('merchant_escrow'),
      payable: sumOf('merchant_payable') - approved,
      approved,
    };
    const listed = toPay.find((row) => row.storeId === storeId);
    same(
      listed
        ? { escrow: kobo(listed.escrow), payable: kobo(listed.payable), approved: kobo(listed.approved) }
        : null,
      expected.escrow > 0 || expected.payable > 0 || expected.approved > 0 ? expected : null,
      `admin payouts page, store ${store.index}'s row = the ledger`,
    );
  }
  checks += 1 + world.stores.length;

  // ---- 5. Payouts agree with the provider's transfers, and none exceeds what was payable. ----
  const providerStatus: Record<string, string[]> = {
    processed: ['success'],
    failed: ['failed'],
    reversed: ['reversed'],
    processing: ['pending', 'otp'],
  };
  for (const payout of payoutRows) {
    const transfer = world.fake.transfers.get(payout.reference);
    const open = payout.status === 'approved' || payout.status === 'processing';
    // A transfer the provider never received (refused, a 5xx, a crash before it) leaves a failed payout, or an open
    // one whose outcome is still to learn (settled within a bound: see `unsettled`).
    must(
      transfer === undefined
        ? payout.status === 'failed' || open
        : transfer.amount === payout.amountKobo &&
            ((providerStatus[payout.status] ?? []).includes(transfer.status) || open),
      `payout ${payout.reference} (${payout.status}): the provider's transfer says the same`,
      () => ({ payout, transfer }),
    );
    must(
      (world.faults.transfersInitiated.get(payout.reference) ?? 0) <= 1,
      `payout ${payout.reference}: its transfer was sent once`,
      () => ({ payout, initiated: world.faults.transfersInitiated.get(payout.reference) }),
    );
    checks += 2;
  }
  // Transfers made = payouts booked: what the provider paid out is the processed payouts, and the open ones whose
  // success is not heard of yet (the webhook lost or late; settled within the bound).
  const succeeded = (reference: string) => world.fake.transfers.get(reference)?.status === 'success';
  same(
    [...world.fake.transfers.values()]
      .filter((transfer) => transfer.status === 'success')
      .reduce((acc, transfer) => acc + transfer.amount, 0),
    payoutRows
      .filter(
        (row) =>
          row.status === 'processed' ||
          ((row.status === 'approved' || row.status === 'processing') && succeeded(row.reference)),
      )
      .reduce((acc, row) => acc + row.amountKobo, 0),
    'what the provider paid out = the processed payouts (and those whose success is still on its way)',
  );
  if (outcome?.approved) {
    const { amountKobo, payableBeforeKobo } = outcome.approved;
    must(
      amountKobo > 0 && amountKobo <= payableBeforeKobo,
      'a payout never exceeds what was payable',
      () => outcome.approved,
    );
    checks += 1;
  }

  // ---- 6. The roll-ups the reports read are the books (ADR 067): before and after the fold. ----
  // A page is marked taken back exactly when its order is cancelled or returned (ADR 082): merchants' figures and
  // top merchants leave those orders out through the roll-ups' undone figures.
  const wrongMarks = orderRows.flatMap((order) => {
    const page = pageOf.get(order.id);
    const undone = order.status === 'cancelled' || order.status === 'returned';
    return page && (page.undoneAt !== null) !== undone
      ? [`${order.orderName} ${order.status} ${page.undoneAt}`]
      : [];
  });
  must(wrongMarks.length === 0, 'pages marked undone = orders cancelled or returned', () => wrongMarks);
  checks += 1;
  // ---- 7. Pay on delivery: the carriers' cash, the remittances, nothing payable before the cash is in. ----
  checks += await checkPayOnDelivery(world, {
    lines: entries,
    orders: orderRows,
    payableAt: new Map(pages.map((row) => [row.orderId, row.payableAt])),
    paidOut: new Set(paidOutOf.keys()),
    refunded: new Set(refunds.map((row) => row.orderId)),
    refunds,
    pod,
    reportUrl: `${urlOf(financeEndpoints.report)}?${range}`,
    read,
    must,
    same,
  });
  const unfolded = await rollupDifferences(db);
  must(unfolded.length === 0, 'roll-ups (folded and deltas) = the books', () => unfolded);
  await foldRollups(db);
  const folded = await rollupDifferences(db);
  must(folded.length === 0, 'roll-ups, folded = the books', () => folded);
  checks += 2;
  return checks;
}

/**
 * Money outcomes still open that the provider already decided, or that nobody is waiting on (issue 29: each must
 * settle within a bounded number of steps once the provider answers again):
 * - a card refund sent and not answered (pending, processing or unknown), or whose refund the provider made while
 *   the books call it failed;
 * - a payout whose transfer the provider finished (success, failed, reversed) or never received while the payout is
 *   open, or that waits for an OTP nobody is asked for.
 * Answers one line per open outcome, keyed so the caller can count how long each has been open.
 */
export async function unsettled(world: World): Promise<Map<string, string>> {
  const { db } = world.test.deps;
  const open = new Map<string, string>();
  const refunds = await db.select().from(orderRefunds);
  for (const row of refunds) {
    if (row.destination !== 'provider' || row.decision === 'paid_another_way') continue;
    if (row.providerReference?.startsWith('dispute:')) continue;
    if (!FINAL_REFUND.has(row.status))
      open.set(`refund ${row.reference}`, `refund ${row.reference} ${row.status}`);
  }
  const made = new Map<string, number>();
  for (const one of world.faults.refundsMade)
    made.set(one.paymentReference, (made.get(one.paymentReference) ?? 0) + one.amountKobo);
  for (const [reference, kobo] of made) {
    const processed = refunds
      .filter(
        (row) =>
          row.paymentReference === reference &&
          row.destination === 'provider' &&
          row.status === 'processed' &&
          row.decision !== 'paid_another_way' &&
          !row.providerReference?.startsWith('dispute:'),
      )
      .reduce((acc, row) => acc + row.amountKobo, 0);
    if (kobo !== processed)
      open.set(
        `payment ${reference}`,
        `payment ${reference}: ₦${kobo / 100} refunded at the provider, ₦${processed / 100} processed in the books`,
      );
  }
  for (const payout of await db.select().from(payouts)) {
    if (payout.status !== 'approved' && payout.status !== 'processing') continue;
    const transfer = world.fake.transfers.get(payout.reference);
    const stuck =
      transfer === undefined
        ? 'never reached the provider'
        : ['success', 'failed', 'reversed'].includes(transfer.status)
          ? `${transfer.status} at the provider`
          : transfer.status === 'otp' && !payout.needsOtp
            ? 'waits for an OTP nobody is asked for'
            : null;
    if (stuck)
      open.set(`payout ${payout.reference}`, `payout ${payout.reference} ${payout.status}: ${stuck}`);
  }
  return open;
}
