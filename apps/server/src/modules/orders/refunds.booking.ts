import type { Db } from '../../platform/db/client.js';
import { conflict, notFound } from '../../platform/errors.js';
import type { ItemRow, OrderRow, RefundRow, TrackerRow } from './orders.repository.js';
import * as repository from './orders.repository.js';
import { auditOrderRefund } from './refunds.audit.js';
import type { RefundProviderContext } from './refunds.provider.js';
import {
  type BookedRefund,
  type BookRefundInput,
  newRefundReference,
  refundLinesOf,
  splitOverPayment,
} from './refunds.rules.js';
// Booking a refund (ADR 026): what the units cost, split over the card payment and the gift cards that paid, or owed
// by transfer for an order paid at the door (ADR 089), counted on the checkout. Two steps of the return-and-refund
// flow, in its transaction: `planRefund` (the checkout locked, the figures and the split), then, once the gift cards
// gave their part back (the gift-cards module, called by the flow), `book` (the rows, the checkout's counts), whose
// rows the flow then books (the order-money flow's `refundBooked`, ADR 081).

/**
 * What the refunds service's functions work with (ADR 091): the provider's side's. No books: the flow that books or
 * decides a refund books its money with the rows answered (ADR 081).
 */
export type RefundsContext = RefundProviderContext;

/** What a refund takes back, counted on its checkout: refunded in part, or whole. */
async function bookOnCheckout(executor: Db, tracker: TrackerRow, cash: number, gift: number, at: Date) {
  const refundedKobo = tracker.refundedKobo + cash;
  const giftCardRefundedKobo = tracker.giftCardRefundedKobo + gift;
  const whole = refundedKobo + giftCardRefundedKobo >= tracker.amountDueKobo + tracker.giftCardKobo;
  await repository.updateTracker(executor, tracker.id, {
    refundedKobo,
    giftCardRefundedKobo,
    refundStatus: whole ? 'refunded' : 'partial',
    refundedAt: at,
    updatedAt: at,
  });
}

/** Releases what a refund row booked on its checkout (it was rejected: that money is not going back). */
export async function unbook(ctx: RefundsContext, executor: Db, row: RefundRow) {
  const tracker = await repository.lockTracker(executor, { id: row.trackerId });
  if (!tracker) return;
  const refundedKobo = tracker.refundedKobo - (row.destination === 'provider' ? row.amountKobo : 0);
  const giftCardRefundedKobo =
    tracker.giftCardRefundedKobo - (row.destination === 'gift_card' ? row.amountKobo : 0);
  await repository.updateTracker(executor, tracker.id, {
    refundedKobo,
    giftCardRefundedKobo,
    refundStatus: refundedKobo + giftCardRefundedKobo > 0 ? 'partial' : 'none',
    updatedAt: ctx.deps.now(),
  });
}

/** The units, their shipping and what was paid for them: one refund's figures before it is split. */
type RefundFigures = Pick<BookedRefund, 'amountKobo' | 'shippingKobo'> & { lines: RefundRow['lines'] };

/** A refund worked out under its checkout's row lock, not yet written (`planRefund`). */
export interface RefundPlan {
  input: BookRefundInput;
  order: OrderRow;
  tracker: TrackerRow;
  /** What the booking read, for the order's audit line. */
  items: ItemRow[];
  previous: RefundRow[];
  figures: RefundFigures;
  /** The part sent back through the provider (0 for an order paid at the door: owed by transfer). */
  cashKobo: number;
  /** The part the checkout's gift cards take back, given back by the flow before `book` writes the rows. */
  giftCardKobo: number;
}

/** What the gift cards took back of a plan's gift-card part (the gift-cards module's `refundToCards`). */
export interface GivenToCards {
  refundedKobo: number;
  cards: { activityId: string }[];
}

/**
 * A refund of an order paid at the door (ADR 089): its money was cash (or POS, or a transfer) taken by a carrier,
 * never a charge the provider can reverse, and gift cards never pay such an order. One row, owed to the customer
 * (`bank_transfer`, pending) until an admin records the transfer that paid it (`decide`, paid another way) or
 * rejects it; nothing is sent to the provider and the checkout's card figures are untouched.
 */
async function bookAtTheDoor(
  ctx: RefundsContext,
  executor: Db,
  order: OrderRow,
  input: BookRefundInput,
  refund: RefundFigures,
): Promise<BookedRefund> {
  const at = ctx.deps.now();
  const row = await repository.insertRefund(executor, {
    trackerId: order.trackerId,
    orderId: order.id,
    returnId: input.returnId,
    kind: input.kind,
    paymentReference: `door:${order.orderName}`,
    reason: input.reason,
    chargedTo: input.chargedTo ?? 'merchant',
    requestedByRole: input.actor.role,
    requestedBy: input.actor.id,
    reference: newRefundReference(),
    destination: 'bank_transfer',
    amountKobo: refund.amountKobo,
    shippingKobo: refund.shippingKobo,
    lines: refund.lines,
    status: 'pending',
    createdAt: at,
    updatedAt: at,
  });
  return { rows: [row], toSend: [], amountKobo: refund.amountKobo, shippingKobo: refund.shippingKobo };
}

/**
 * A refund of an order paid online: the cash part to the provider (sent after the commit, unless the provider
 * already made it), the gift-card part given back to the cards at once; the lines and the shipping go on the first
 * row, so units are counted once.
 */
async function bookPaidOnline(
  ctx: RefundsContext,
  executor: Db,
  plan: RefundPlan,
  given: GivenToCards | null,
): Promise<BookedRefund> {
  const { order, tracker, input, cashKobo: cash, giftCardKobo: gift } = plan;
  const { lines, shippingKobo, amountKobo } = plan.figures;
  const at = ctx.deps.now();
  const base = {
    trackerId: tracker.id,
    orderId: order.id,
    returnId: input.returnId,
    kind: input.kind,
    paymentReference: tracker.reference,
    reason: input.reason,
    chargedTo: input.chargedTo ?? 'merchant',
    requestedByRole: input.actor.role,
    requestedBy: input.actor.id,
    createdAt: at,
    updatedAt: at,
  } as const;
  const rows: RefundRow[] = [];
  const toSend: string[] = [];
  // The lines and the shipping go on the first row, so units are counted once.
  let first = true;
  if (cash > 0) {
    const row = await repository.insertRefund(executor, {
      ...base,
      reference: newRefundReference(),
      destination: 'provider',
      amountKobo: cash,
      shippingKobo,
      lines,
      ...(input.settledByProvider
        ? { status: 'processed', providerReference: input.settledByProvider, processedAt: at }
        : { status: 'pending' }),
    });
    rows.push(row);
    if (!input.settledByProvider) toSend.push(row.id);
    first = false;
  }
  if (gift > 0) {
    if (given?.refundedKobo !== gift) throw conflict('The gift cards that paid cannot take this refund back');
    rows.push(
      await repository.insertRefund(executor, {
        ...base,
        reference: newRefundReference(),
        destination: 'gift_card',
        amountKobo: gift,
        shippingKobo: first ? shippingKobo : 0,
        lines: first ? lines : [],
        status: 'processed',
        attempts: 1,
        providerReference: given.cards.map((card) => card.activityId).join(',') || null,
        processedAt: at,
      }),
    );
  }
  await bookOnCheckout(executor, tracker, cash, gift, at);
  return { rows, toSend, amountKobo, shippingKobo };
}

/**
 * Works out a refund of units of one order, in the caller's transaction: locks the checkout, refuses units already
 * refunded, works out what was paid for the units (and the shipping fee when this takes the last units), and
 * splits it into cash (provider) and gift-card parts within what is left of each. Writes nothing.
 */
export async function planRefund(
  _ctx: RefundsContext,
  executor: Db,
  input: BookRefundInput,
): Promise<RefundPlan> {
  const order = await repository.findOrder(executor, input.orderId);
  if (!order) throw notFound('Order not found');
  const tracker = await repository.lockTracker(executor, { id: order.trackerId });
  if (tracker?.status !== 'paid') throw conflict('Only a paid order can be refunded');
  const [items, previous] = await Promise.all([
    repository.itemsOfOrders(executor, [order.id]),
    repository.refundsOfOrder(executor, order.id),
  ]);
  const figures = refundLinesOf(order, items, previous, input.lines);
  const plan = { input, order, tracker, items, previous, figures, cashKobo: 0, giftCardKobo: 0 };
  if (figures.lines.length === 0 && figures.shippingKobo === 0) return plan;
  if (order.paymentMethod === 'on_delivery') {
    if (order.deliveredAt === null)
      throw conflict('Nothing was paid for this order yet: it is paid at the door');
    if (input.settledByProvider) throw conflict('This order was paid at the door, not by card');
    return plan;
  }
  const { cash, gift } = splitOverPayment(tracker, figures.amountKobo);
  if (input.settledByProvider && gift > 0)
    throw conflict('Gift cards paid part of this; the provider reversed only the card payment');
  return { ...plan, cashKobo: cash, giftCardKobo: gift };
}

/**
 * Books a planned refund, in the transaction that planned it: writes the rows (the provider part pending, sent by
 * the flow after the commit; the gift-card part processed, with what `given` says the cards took back), counts it
 * on the checkout, and tells the books. A plan with nothing in it writes nothing.
 */
export async function book(
  ctx: RefundsContext,
  executor: Db,
  plan: RefundPlan,
  given: GivenToCards | null,
): Promise<BookedRefund> {
  const { order, input, figures } = plan;
  if (figures.lines.length === 0 && figures.shippingKobo === 0)
    return { rows: [], toSend: [], amountKobo: 0, shippingKobo: 0 };
  const booked =
    order.paymentMethod === 'on_delivery'
      ? await bookAtTheDoor(ctx, executor, order, input, figures)
      : await bookPaidOnline(ctx, executor, plan, given);
  // The order's audit line, in the same transaction, from what this booking read and wrote (ADR 072).
  if (booked.rows.length > 0)
    await auditOrderRefund(executor, input, { order, items: plan.items, previous: plan.previous }, booked);
  return booked;
}
