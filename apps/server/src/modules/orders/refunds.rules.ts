import { randomBytes } from 'node:crypto';
import { type CustomerRefund, koboToNaira, type RefundRecord } from '@market/contracts';
import { conflict, notFound } from '../../platform/errors.js';
import type { OrderActor } from './order-status.js';
import type { ItemRow, OrderRow, RefundRow, TrackerRow } from './orders.repository.js';
import type { OrderRefundStatus, RefundLine } from './orders.schema.js';
import { paidPerLine, unitsAmount } from './refund-apportion.js';

// The refund history of orders (ADR 026). A refund is booked first, under the checkout's row lock, against what was
// paid: cash through the provider first, then the gift cards that paid; per item never more than was paid for its
// units, shipping only with the whole order. The provider is asked after the commit; its answer or its refund.*
// webhook moves the row on; a failure stays on the row for an admin to retry or reject.

// A refund's rules and words (ADR 026, 049, 061): its timings, its retries, what its customer and staff read.

/** A refund the provider holds against a payment, as its list answers it (ADR 061). */
export interface RefundAtProvider {
  providerReference: string;
  amountKobo: number;
  status: 'pending' | 'processed' | 'failed';
}

/**
 * How long a refund whose send was started may stay without a recorded outcome before the resume job asks the
 * provider (longer than the provider call's own timeout, so a call still in flight is never second-guessed), and how
 * long after an unknown outcome the provider is first asked (it may still be making the refund).
 */
export const REFUND_RESUME_AFTER_MS = 2 * 60_000;
/** A refund booked this long ago and never sent: the process stopped between the booking and the send. */
export const REFUND_UNSENT_AFTER_MS = 10 * 60_000;

/** Why an unknown refund cannot be retried, rejected or paid another way yet: the message says why. */
export const REFUND_OUTCOME_UNKNOWN =
  'The payment provider has not told us whether this refund was made. We are asking it now; until it answers, the ' +
  'refund cannot be sent again, rejected or marked paid another way, so the customer is never paid twice.';

export interface BookRefundInput {
  orderId: string;
  returnId: string | null;
  kind: 'cancellation' | 'return' | 'chargeback';
  /**
   * The provider already sent the money back (a card dispute it resolved against us): the cash row is booked as
   * processed under this key (its provider reference) and never sent; a gift-card part is refused.
   */
  settledByProvider?: string;
  /** Units of order items; `all` is every unit not refunded yet, with the shipping fee. */
  lines: { orderItemId: string; quantity: number }[] | 'all';
  reason: string;
  actor: OrderActor;
  chargedTo?: 'merchant' | 'platform';
}

export interface BookedRefund {
  /** Every row written (provider and gift card). */
  rows: RefundRow[];
  /** Rows the provider must still be asked about, after the commit. */
  toSend: string[];
  amountKobo: number;
  shippingKobo: number;
}

export function newRefundReference(): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  return `RFD-${Array.from(randomBytes(12), (byte) => alphabet[byte % 32]).join('')}`;
}

/** Units of each order item already taken by refunds (a rejected refund keeps its units: those were refused). */
export function unitsTaken(rows: RefundRow[]): Map<string, number> {
  const taken = new Map<string, number>();
  for (const row of rows) {
    for (const line of row.lines)
      taken.set(line.orderItemId, (taken.get(line.orderItemId) ?? 0) + line.quantity);
  }
  return taken;
}

/**
 * How long a failed refund waits before it is sent again, by the number of sends so far (ADR 049): 5 minutes, then
 * 30, 2 hours and 12 hours. After the fifth send the retries stop and an admin decides (retry, reject or paid another
 * way). Long enough apart that a provider outage or a short-lived balance shortfall has passed.
 */
export const REFUND_RETRY_DELAYS_MINUTES = [5, 30, 120, 720] as const;

export function nextRefundAttempt(attempts: number, now: Date): Date | null {
  const minutes = REFUND_RETRY_DELAYS_MINUTES[attempts - 1];
  return minutes === undefined ? null : new Date(now.getTime() + minutes * 60_000);
}

function decisionOf(row: RefundRow): RefundRecord['decision'] {
  if (!row.decision || !row.decidedAt) return null;
  return { outcome: row.decision, reason: row.decisionReason ?? '', decidedAt: row.decidedAt.toISOString() };
}

/** Where a refund stands, in one sentence its customer reads (no provider text, nothing internal). */
function customerStatusText(row: RefundRow): string {
  const where = row.destination === 'gift_card' ? 'the gift card that paid' : 'your card or bank account';
  if (row.decision === 'paid_another_way')
    return row.destination === 'bank_transfer'
      ? `Refunded to your bank account: ${row.decisionReason}`
      : `Refunded to you another way: ${row.decisionReason}`;
  if (row.decision === 'rejected') return `Not refunded: ${row.decisionReason}`;
  if (row.destination === 'bank_transfer' && row.status === 'pending')
    return 'You paid at the door, so we refund you by bank transfer. Our team will contact you for your bank account.';
  switch (row.status) {
    case 'processed':
      return `Refunded to ${where}`;
    case 'failed':
      return row.nextAttemptAt
        ? 'Delayed: the payment provider could not make this refund yet. We will try again automatically.'
        : 'Delayed: the payment provider could not make this refund. Our team is deciding how to pay it; we will e-mail you.';
    case 'rejected':
      // Rejected before decisions had their own reason.
      return 'Not refunded';
    case 'unknown':
      return `On its way to ${where}: we are confirming it with the payment provider.`;
    default:
      return `On its way to ${where}`;
  }
}

export function customerRefundOf(row: RefundRow): CustomerRefund {
  return {
    id: row.id,
    reference: row.reference,
    orderId: row.orderId,
    kind: row.kind,
    destination: row.destination,
    amount: koboToNaira(row.amountKobo),
    status: row.status,
    statusText: customerStatusText(row),
    decision: decisionOf(row),
    createdAt: row.createdAt.toISOString(),
    processedAt: row.processedAt?.toISOString() ?? null,
  };
}

export function refundRecordOf(row: RefundRow, orderName: string): RefundRecord {
  return {
    id: row.id,
    reference: row.reference,
    orderId: row.orderId,
    orderName,
    returnId: row.returnId,
    kind: row.kind,
    destination: row.destination,
    amount: koboToNaira(row.amountKobo),
    reason: row.reason,
    status: row.status,
    providerReference: row.providerReference,
    failureReason: row.failureReason,
    // Only while the provider still holds it: a refund decided since (processed, failed, rejected) needs nothing.
    needsAttention: row.needsAttention && row.status === 'processing',
    chargedTo: row.chargedTo,
    attempts: row.attempts,
    nextAttemptAt: row.status === 'failed' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    decision: decisionOf(row),
    createdAt: row.createdAt.toISOString(),
    processedAt: row.processedAt?.toISOString() ?? null,
  };
}

/** Statuses under which a provider refund holds its amount on the payment (`reserveRefund`). */
export const RESERVED: ReadonlySet<OrderRefundStatus> = new Set(['processing', 'unknown', 'processed']);

/**
 * Whether nobody knows yet if the provider made this refund: `unknown`, or `processing` with no provider id past the
 * time its call must have ended (the process stopped between the call and its booking). Retry, reject and "paid
 * another way" wait for it (ADR 061).
 */
export function unsettled(row: RefundRow, at: Date): boolean {
  if (row.destination !== 'provider') return false;
  if (row.status === 'unknown') return true;
  return (
    row.status === 'processing' &&
    row.providerReference === null &&
    row.nextAttemptAt !== null &&
    row.nextAttemptAt <= at
  );
}

/**
 * The units a refund takes back and what was paid for them (and the shipping fee when this takes the last units):
 * refuses units already refunded. `wanted` is every unit not yet refunded (`all`) or the caller's lines.
 */
export function refundLinesOf(
  order: Pick<OrderRow, 'discountKobo' | 'shippingFeeKobo'>,
  items: ItemRow[],
  previous: RefundRow[],
  wantedLines: BookRefundInput['lines'],
) {
  items.sort((a, b) => a.id.localeCompare(b.id));
  const paid = paidPerLine(items, order.discountKobo);
  const taken = unitsTaken(previous);
  const wanted =
    wantedLines === 'all'
      ? items.map((item) => ({
          orderItemId: item.id,
          quantity: item.quantity - (taken.get(item.id) ?? 0),
        }))
      : wantedLines;
  const lines: RefundLine[] = [];
  for (const want of wanted) {
    if (want.quantity <= 0) continue;
    const index = items.findIndex((item) => item.id === want.orderItemId);
    const item = items[index];
    if (!item) throw notFound('That item is not part of this order');
    const already = taken.get(item.id) ?? 0;
    if (already + want.quantity > item.quantity) {
      throw conflict(
        `${item.productName}: only ${item.quantity - already} of ${item.quantity} can still be refunded`,
      );
    }
    lines.push({
      orderItemId: item.id,
      quantity: want.quantity,
      amountKobo: unitsAmount(paid[index]!, item.quantity, already, want.quantity),
    });
    taken.set(item.id, already + want.quantity);
  }
  const everything = items.every((item) => (taken.get(item.id) ?? 0) >= item.quantity);
  const shippingDone = previous.some((row) => row.shippingKobo > 0);
  const shippingKobo = everything && !shippingDone ? order.shippingFeeKobo : 0;
  const amountKobo = lines.reduce((acc, line) => acc + line.amountKobo, 0) + shippingKobo;
  return { lines, shippingKobo, amountKobo };
}

/** A refund split into its cash (provider) and gift-card parts, within what is left of each on the checkout. */
export function splitOverPayment(
  tracker: Pick<TrackerRow, 'amountDueKobo' | 'refundedKobo' | 'giftCardKobo' | 'giftCardRefundedKobo'>,
  amountKobo: number,
) {
  const cashLeft = Math.max(0, tracker.amountDueKobo - tracker.refundedKobo);
  const giftLeft = Math.max(0, tracker.giftCardKobo - tracker.giftCardRefundedKobo);
  const cash = Math.min(amountKobo, cashLeft);
  const gift = Math.min(amountKobo - cash, giftLeft);
  if (cash + gift < amountKobo) throw conflict('The refund is more than what is left of the payment');
  return { cash, gift };
}
