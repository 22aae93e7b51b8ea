import type { Db } from '../../platform/db/client.js';
import { conflict, notFound } from '../../platform/errors.js';
import type { OrderMoneyEvents } from './money-events.js';
import type { OrderRow, RefundRow, TrackerRow } from './orders.repository.js';
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
// by transfer for an order paid at the door (ADR 089), counted on the checkout.

/** What the refunds service's functions work with (ADR 091): the provider's side's, and the order-money flow. */
export interface RefundsContext extends RefundProviderContext {
  money: OrderMoneyEvents;
}

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
  if (order.deliveredAt === null)
    throw conflict('Nothing was paid for this order yet: it is paid at the door');
  if (input.settledByProvider) throw conflict('This order was paid at the door, not by card');
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
  await ctx.money.books.refundBooked(executor, order, [row]);
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
  order: OrderRow,
  tracker: TrackerRow,
  input: BookRefundInput,
  { lines, shippingKobo, amountKobo }: RefundFigures,
): Promise<BookedRefund> {
  const { cash, gift } = splitOverPayment(tracker, amountKobo);

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
  if (input.settledByProvider && gift > 0)
    throw conflict('Gift cards paid part of this; the provider reversed only the card payment');
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
    const given = await ctx.needs.refundToCards(executor, tracker.id, gift);
    if (given.refundedKobo !== gift) throw conflict('The gift cards that paid cannot take this refund back');
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
  await ctx.money.books.refundBooked(executor, order, rows);
  return { rows, toSend, amountKobo, shippingKobo };
}

/**
 * Books a refund of units of one order, in the caller's transaction: locks the checkout, refuses units already
 * refunded, works out what was paid for the units (and the shipping fee when this takes the last units), splits
 * it into cash (provider) and gift-card parts within what is left of each, writes the rows, and gives the
 * gift-card part back at once. The provider part is sent by `send` after the caller commits.
 */
export async function book(ctx: RefundsContext, executor: Db, input: BookRefundInput): Promise<BookedRefund> {
  const order = await repository.findOrder(executor, input.orderId);
  if (!order) throw notFound('Order not found');
  const tracker = await repository.lockTracker(executor, { id: order.trackerId });
  if (tracker?.status !== 'paid') throw conflict('Only a paid order can be refunded');
  const [items, previous] = await Promise.all([
    repository.itemsOfOrders(executor, [order.id]),
    repository.refundsOfOrder(executor, order.id),
  ]);
  const figures = refundLinesOf(order, items, previous, input.lines);
  if (figures.lines.length === 0 && figures.shippingKobo === 0)
    return { rows: [], toSend: [], amountKobo: 0, shippingKobo: 0 };
  const booked =
    order.paymentMethod === 'on_delivery'
      ? await bookAtTheDoor(ctx, executor, order, input, figures)
      : await bookPaidOnline(ctx, executor, order, tracker, input, figures);
  // The order's audit line, in the same transaction, from what this booking read and wrote (ADR 072).
  if (booked.rows.length > 0) await auditOrderRefund(executor, input, { order, items, previous }, booked);
  return booked;
}
