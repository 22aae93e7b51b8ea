import { randomBytes } from 'node:crypto';
import { type CustomerRefund, koboToNaira, type RefundRecord } from '@market/contracts';
import type { Db } from '../../platform/db/client.js';
import { pageInfo } from '../../platform/db/paging.js';
import type { Deps } from '../../platform/deps.js';
import { conflict, notFound } from '../../platform/errors.js';
import { outcomeUnknown } from '../../platform/payments/paystack-http.js';
import { createOrderMoneyEvents, type OrderMoneyEvents } from './money-events.js';
import type { OrderActor } from './order-status.js';
import type { RefundRow } from './orders.repository.js';
import * as repository from './orders.repository.js';
import type { OrderRefundStatus, RefundLine } from './orders.schema.js';
import { paidPerLine, unitsAmount } from './refund-apportion.js';

// The refund history of orders (ADR 026). A refund is booked first, under the checkout's row lock, against what was
// paid: cash through the provider first, then the gift cards that paid; per item never more than was paid for its
// units, shipping only with the whole order. The provider is asked after the commit; its answer or its refund.*
// webhook moves the row on; a failure stays on the row for an admin to retry or reject.

/** What the refunds need of other modules, handed in by the composition (ADR 010). */
export interface RefundNeeds {
  /**
   * Reserves the amount on the payment (payments module), in the caller's transaction: the one that records the
   * intent to send the refund, so a crash after it leaves a reservation and an intent to settle together (ADR 061).
   */
  reserveRefund(executor: Db, paymentReference: string, amountKobo: number, force?: boolean): Promise<void>;
  /**
   * Asks the payment provider to make the refund (after the intent committed). Throws OutcomeUnknownError when it
   * may have been made without our hearing; any other error: it was not made.
   */
  sendRefund(
    paymentReference: string,
    amountKobo: number,
  ): Promise<{ status: 'pending' | 'processed' | 'failed'; providerReference?: string | null }>;
  /** Frees what `reserveRefund` reserved on the payment: the provider did not make that refund. */
  releaseRefund(executor: Db, paymentReference: string, amountKobo: number): Promise<void>;
  /** Gives gift-card money of the checkout back to its cards (gift-cards module), in the caller's transaction. */
  refundToCards(
    executor: Db,
    trackerId: string,
    amountKobo: number,
  ): Promise<{ refundedKobo: number; cards: { activityId: string }[] }>;
}

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

function newRefundReference(): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  return `RFD-${Array.from(randomBytes(12), (byte) => alphabet[byte % 32]).join('')}`;
}

/** Units of each order item already taken by refunds (a rejected refund keeps its units: those were refused). */
function unitsTaken(rows: RefundRow[]): Map<string, number> {
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
  if (row.decision === 'paid_another_way') return `Refunded to you another way: ${row.decisionReason}`;
  if (row.decision === 'rejected') return `Not refunded: ${row.decisionReason}`;
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
const RESERVED: ReadonlySet<OrderRefundStatus> = new Set(['processing', 'unknown', 'processed']);

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

/** Paystack's resolutions where the card-holder won and the bank reversed the payment. */
const ACCEPTED_RESOLUTIONS = new Set(['merchant-accepted', 'auto-accepted']);

export function createRefundsService(
  deps: Deps,
  needs: RefundNeeds,
  money: OrderMoneyEvents = createOrderMoneyEvents(),
) {
  const { db } = deps;

  /** Releases what a refund row booked on its checkout (it was rejected: that money is not going back). */
  async function unbook(executor: Db, row: RefundRow) {
    const tracker = await repository.lockTracker(executor, { id: row.trackerId });
    if (!tracker) return;
    const refundedKobo = tracker.refundedKobo - (row.destination === 'provider' ? row.amountKobo : 0);
    const giftCardRefundedKobo =
      tracker.giftCardRefundedKobo - (row.destination === 'gift_card' ? row.amountKobo : 0);
    await repository.updateTracker(executor, tracker.id, {
      refundedKobo,
      giftCardRefundedKobo,
      refundStatus: refundedKobo + giftCardRefundedKobo > 0 ? 'partial' : 'none',
      updatedAt: deps.now(),
    });
  }

  const service = {
    /**
     * Books a refund of units of one order, in the caller's transaction: locks the checkout, refuses units already
     * refunded, works out what was paid for the units (and the shipping fee when this takes the last units), splits
     * it into cash (provider) and gift-card parts within what is left of each, writes the rows, and gives the
     * gift-card part back at once. The provider part is sent by `send` after the caller commits.
     */
    async book(executor: Db, input: BookRefundInput): Promise<BookedRefund> {
      const order = await repository.findOrder(executor, input.orderId);
      if (!order) throw notFound('Order not found');
      const tracker = await repository.lockTracker(executor, { id: order.trackerId });
      if (tracker?.status !== 'paid') throw conflict('Only a paid order can be refunded');
      const [items, previous] = await Promise.all([
        repository.itemsOfOrders(executor, [order.id]),
        repository.refundsOfOrder(executor, order.id),
      ]);
      items.sort((a, b) => a.id.localeCompare(b.id));
      const paid = paidPerLine(items, order.discountKobo);
      const taken = unitsTaken(previous);
      const wanted =
        input.lines === 'all'
          ? items.map((item) => ({
              orderItemId: item.id,
              quantity: item.quantity - (taken.get(item.id) ?? 0),
            }))
          : input.lines;
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
      if (lines.length === 0 && shippingKobo === 0)
        return { rows: [], toSend: [], amountKobo: 0, shippingKobo: 0 };

      const cashLeft = Math.max(0, tracker.amountDueKobo - tracker.refundedKobo);
      const giftLeft = Math.max(0, tracker.giftCardKobo - tracker.giftCardRefundedKobo);
      const cash = Math.min(amountKobo, cashLeft);
      const gift = Math.min(amountKobo - cash, giftLeft);
      if (cash + gift < amountKobo) throw conflict('The refund is more than what is left of the payment');

      const at = deps.now();
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
        const given = await needs.refundToCards(executor, tracker.id, gift);
        if (given.refundedKobo !== gift)
          throw conflict('The gift cards that paid cannot take this refund back');
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
      await money.listener?.refundBooked(executor, order, rows);
      return { rows, toSend, amountKobo, shippingKobo };
    },

    /**
     * Tells the customer a refund reached the provider or failed, and admins who handle refunds of a failure
     * (ADR 057). Keyed by the refund, its outcome and its attempt, so a webhook and the answer it repeats tell once.
     */
    async tellOutcome(executor: Db, row: RefundRow): Promise<void> {
      if (row.destination !== 'provider' || (row.status !== 'processed' && row.status !== 'failed')) return;
      const order = await repository.findOrder(executor, row.orderId);
      if (!order) return;
      const params = { orderId: order.id, orderNumber: order.orderName, amountKobo: row.amountKobo };
      const key = `${row.id}:${row.status}:${row.attempts}`;
      await deps.events.emit(
        executor,
        row.status === 'processed'
          ? [
              {
                kind: 'refund.paid',
                key: `refund.paid:${row.id}`,
                audience: [{ user: order.customerId }],
                params,
              },
            ]
          : [
              {
                kind: 'refund.failed',
                key: `refund.failed:${key}`,
                audience: [{ user: order.customerId }, { admins: 'returns:disputes' }],
                params,
              },
            ],
      );
    },

    /**
     * Asks the provider for a booked refund (after the booking committed), in three steps (ADR 061):
     * 1. the intent, in one transaction: pending → processing, the payment's reservation, and when to look again if
     *    no outcome is recorded (`nextAttemptAt`), so a process that dies after it leaves work the resume job finds;
     * 2. the provider call, after the commit;
     * 3. its outcome: made (processed, or processing until the webhook), refused (failed, the reservation released,
     *    a retry later), or unknown (a timeout, a cut connection, a 5xx: `unknown`, the reservation kept, settled
     *    only by asking the provider, never sent again before that).
     */
    async send(refundId: string): Promise<RefundRow> {
      const claimed = await db.transaction(async (tx) => {
        const row = await repository.lockRefund(tx, refundId);
        if (!row) throw notFound('Refund not found');
        if (row.destination !== 'provider' || row.status !== 'pending') return { row, send: false };
        const at = deps.now();
        try {
          await needs.reserveRefund(tx, row.paymentReference, row.amountKobo);
        } catch (error) {
          // Nothing left of the payment to send back (or it is not paid): refused here, as the provider would.
          const failed = await repository.updateRefund(tx, row.id, ['pending'], {
            status: 'failed',
            attempts: row.attempts + 1,
            failureReason: (error instanceof Error ? error.message : String(error)).slice(0, 300),
            nextAttemptAt: nextRefundAttempt(row.attempts + 1, at),
            updatedAt: at,
          });
          return { row: failed!, send: false, refused: true };
        }
        const updated = await repository.updateRefund(tx, row.id, ['pending'], {
          status: 'processing',
          attempts: row.attempts + 1,
          failureReason: null,
          nextAttemptAt: new Date(at.getTime() + REFUND_RESUME_AFTER_MS),
          updatedAt: at,
        });
        return { row: updated!, send: true };
      });
      if (!claimed.send) {
        if ('refused' in claimed) await service.tellOutcome(db, claimed.row);
        return claimed.row;
      }
      const row = claimed.row;
      let patch: Partial<repository.NewRefund>;
      let release = false;
      try {
        const result = await needs.sendRefund(row.paymentReference, row.amountKobo);
        release = result.status === 'failed';
        patch =
          result.status === 'failed'
            ? {
                status: 'failed',
                failureReason: 'The payment provider could not make the refund',
                nextAttemptAt: nextRefundAttempt(row.attempts, deps.now()),
              }
            : {
                status: result.status === 'processed' ? 'processed' : 'processing',
                providerReference: result.providerReference ?? row.providerReference,
                processedAt: result.status === 'processed' ? deps.now() : null,
                nextAttemptAt: null,
              };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        deps.logger.error(
          { err: error, reference: row.reference, amountKobo: row.amountKobo },
          outcomeUnknown(error) ? 'refund outcome unknown' : 'refund refused',
        );
        if (outcomeUnknown(error)) {
          patch = {
            status: 'unknown',
            failureReason: 'The payment provider did not answer; asking it whether the refund was made',
            nextAttemptAt: new Date(deps.now().getTime() + REFUND_RESUME_AFTER_MS),
          };
        } else {
          release = true;
          patch = {
            status: 'failed',
            failureReason: message.slice(0, 300),
            nextAttemptAt: nextRefundAttempt(row.attempts, deps.now()),
          };
        }
      }
      // Only from processing: a webhook that came first has the last word.
      const done = await db.transaction(async (tx) => {
        const moved = await repository.updateRefund(tx, row.id, ['processing'], {
          ...patch,
          updatedAt: deps.now(),
        });
        if (moved && release) await needs.releaseRefund(tx, row.paymentReference, row.amountKobo);
        if (moved) await service.tellOutcome(tx, moved);
        return moved;
      });
      return done ?? (await repository.findRefund(db, row.id))!;
    },

    /**
     * Settles a refund whose outcome nobody recorded (`unknown`, or `processing` with no answer past its time) from
     * what the provider says it holds against the payment (ADR 061): one of its refunds of the same amount that no
     * other row of ours has claimed is this one (processed, on its way, or failed); none means the request never
     * reached it, so the refund is failed, its reservation released, and due to be sent again at once. In one
     * transaction under the locks of every provider refund of the payment, so two settlements never claim one.
     */
    async settleFromProvider(
      refundId: string,
      atProvider: RefundAtProvider[],
    ): Promise<RefundRow | undefined> {
      return db.transaction(async (tx) => {
        const target = await repository.findRefund(tx, refundId);
        if (!target) return undefined;
        const rows = await repository.lockProviderRefundsOfPayment(tx, target.paymentReference);
        const row = rows.find((one) => one.id === refundId);
        if (!row || !unsettled(row, deps.now())) return row;
        const claimed = new Set(rows.map((one) => one.providerReference).filter(Boolean));
        const found = atProvider.find(
          (refund) => !claimed.has(refund.providerReference) && refund.amountKobo === row.amountKobo,
        );
        const at = deps.now();
        const from: OrderRefundStatus[] = ['unknown', 'processing'];
        let moved: RefundRow | undefined;
        if (found && found.status !== 'failed') {
          moved = await repository.updateRefund(tx, row.id, from, {
            status: found.status === 'processed' ? 'processed' : 'processing',
            providerReference: found.providerReference,
            processedAt: found.status === 'processed' ? at : null,
            failureReason: null,
            nextAttemptAt: null,
            updatedAt: at,
          });
        } else {
          moved = await repository.updateRefund(tx, row.id, from, {
            status: 'failed',
            providerReference: found?.providerReference ?? null,
            failureReason: found
              ? 'The payment provider reported the refund failed'
              : 'The payment provider never received this refund; it is sent again',
            // Never received: nothing was made, so it is due again now; a failure waits its usual delay.
            nextAttemptAt: found ? nextRefundAttempt(row.attempts, at) : at,
            updatedAt: at,
          });
          if (moved) await needs.releaseRefund(tx, row.paymentReference, row.amountKobo);
        }
        if (moved) await service.tellOutcome(tx, moved);
        return moved;
      });
    },

    /** Refunds whose outcome nobody recorded, or booked and never sent, for the resume job (ADR 061). */
    toResume(limit = 20): Promise<RefundRow[]> {
      const at = deps.now();
      return repository.refundsToResume(db, at, new Date(at.getTime() - REFUND_UNSENT_AFTER_MS), limit);
    },

    /** An admin sends a failed refund again (at once, whatever its automatic retry was waiting for). */
    async retry(refundId: string): Promise<RefundRow> {
      const reopened = await repository.updateRefund(db, refundId, ['failed'], {
        status: 'pending',
        nextAttemptAt: null,
        updatedAt: deps.now(),
      });
      if (!reopened) {
        const row = await repository.findRefund(db, refundId);
        if (!row) throw notFound('Refund not found');
        if (unsettled(row, deps.now())) throw conflict(REFUND_OUTCOME_UNKNOWN);
        throw conflict(`This refund is ${row.status}; only a failed refund can be sent again`);
      }
      return service.send(refundId);
    },

    /**
     * The job's sweep (ADR 049): failed refunds whose retry is due are sent again, each claimed by a conditional
     * update (failed and due → pending), so two processes or an admin's retry at the same moment send it once.
     * Unknown outcomes are not here: the resume step (flows/return-and-refund.ts) asks the provider first.
     */
    async retryDue(limit = 20): Promise<{ sent: number; failed: number }> {
      const due = await repository.refundsDueForRetry(db, deps.now(), limit);
      let sent = 0;
      let failed = 0;
      for (const candidate of due) {
        const claimed = await db.transaction(async (tx) => {
          const row = await repository.lockRefund(tx, candidate.id);
          if (row?.status !== 'failed' || !row.nextAttemptAt || row.nextAttemptAt > deps.now()) return false;
          await repository.updateRefund(tx, row.id, ['failed'], {
            status: 'pending',
            nextAttemptAt: null,
            updatedAt: deps.now(),
          });
          return true;
        });
        if (!claimed) continue;
        const done = await service.send(candidate.id);
        if (done.status === 'failed') failed += 1;
        else sent += 1;
      }
      return { sent, failed };
    },

    /**
     * An admin decides a refund the provider did not make, in the caller's transaction, with a reason the customer
     * reads (ADR 049):
     * - `rejected` (pending or failed): its money is no longer owed (the checkout's booked amount goes down, the books
     *   reverse it); its units stay refused;
     * - `paid_another_way` (failed only): the platform paid the customer outside the provider; the refund stands as
     *   booked and is done.
     */
    async decide(
      executor: Db,
      refundId: string,
      decision: { outcome: 'rejected' | 'paid_another_way'; reason: string; actor: OrderActor },
    ): Promise<RefundRow> {
      const row = await repository.lockRefund(executor, refundId);
      if (!row) throw notFound('Refund not found');
      const at = deps.now();
      if (unsettled(row, at)) throw conflict(REFUND_OUTCOME_UNKNOWN);
      const decided = {
        decision: decision.outcome,
        decisionReason: decision.reason,
        decidedBy: decision.actor.id,
        decidedAt: at,
        nextAttemptAt: null,
        needsAttention: false,
        updatedAt: at,
      } as const;
      if (decision.outcome === 'paid_another_way') {
        if (row.status !== 'failed' || row.destination !== 'provider') {
          throw conflict(
            `This refund is ${row.status}; only a failed refund to the card can be marked paid another way`,
          );
        }
        const updated = await repository.updateRefund(executor, row.id, ['failed'], {
          ...decided,
          status: 'processed',
          processedAt: at,
        });
        return updated!;
      }
      if (row.status !== 'failed' && row.status !== 'pending') {
        throw conflict(`This refund is ${row.status}; only a pending or failed refund can be rejected`);
      }
      await unbook(executor, row);
      // Its status only (cancelled and returned are terminal), so not locked here: the books lock its page.
      const order = await repository.findOrder(executor, row.orderId);
      if (order) await money.listener?.refundRejected(executor, row, order);
      const updated = await repository.updateRefund(executor, row.id, ['failed', 'pending'], {
        ...decided,
        status: 'rejected',
        failureReason: row.failureReason,
      });
      return updated!;
    },

    /** Every refund of one order, as its customer reads them. */
    async ofOrderForCustomer(executor: Db, orderId: string): Promise<CustomerRefund[]> {
      return (await repository.refundsOfOrder(executor, orderId)).map(customerRefundOf);
    },

    /** A signed, first-seen refund.* webhook: moves the refund it names; anything else is ignored. */
    async onProviderEvent(event: {
      status: 'pending' | 'processing' | 'processed' | 'failed' | 'needs-attention';
      transactionReference: string;
      amountKobo: number | null;
      providerReference: string | null;
    }): Promise<string> {
      return db.transaction(async (tx) => {
        const row = await repository.lockProviderRefund(tx, {
          paymentReference: event.transactionReference,
          providerReference: event.providerReference,
          amountKobo: event.amountKobo,
        });
        if (!row) return 'refund:unknown';
        if (row.status === 'processed' || row.status === 'rejected') return `refund:${row.status}`;
        const at = deps.now();
        // needs-attention: still with Paystack (processing), flagged for an admin to follow up in its dashboard.
        const next: Partial<repository.NewRefund> =
          event.status === 'processed'
            ? { status: 'processed', processedAt: at, needsAttention: false, nextAttemptAt: null }
            : event.status === 'failed'
              ? {
                  status: 'failed',
                  failureReason: 'The payment provider reported the refund failed',
                  needsAttention: false,
                  nextAttemptAt: nextRefundAttempt(row.attempts, at),
                }
              : event.status === 'needs-attention'
                ? { status: 'processing', needsAttention: true, nextAttemptAt: null }
                : { status: 'processing', nextAttemptAt: null };
        const moved = await repository.updateRefund(
          tx,
          row.id,
          ['pending', 'processing', 'unknown', 'failed'],
          { ...next, providerReference: row.providerReference ?? event.providerReference, updatedAt: at },
        );
        if (moved && moved.status !== row.status) await service.tellOutcome(tx, moved);
        // The payment's reservation follows the provider (ADR 061): held while it holds or made the refund
        // (processing, unknown, processed), free otherwise (pending, failed).
        const heldBefore = RESERVED.has(row.status);
        const heldAfter = RESERVED.has(next.status as OrderRefundStatus);
        if (heldBefore && !heldAfter) await needs.releaseRefund(tx, row.paymentReference, row.amountKobo);
        if (!heldBefore && heldAfter)
          await needs.reserveRefund(tx, row.paymentReference, row.amountKobo, true);
        return event.status === 'needs-attention' ? 'refund:needs-attention' : `refund:${next.status}`;
      });
    },

    /**
     * A card dispute heard from the provider (ADR 049). Only a resolution moves money: accepted (the bank reversed the
     * payment) books the whole card payment back as `chargeback` refunds of the checkout's orders, already processed,
     * borne as the admin decided (the store by default); declined moves nothing. An accepted dispute that is not the
     * whole remaining card payment, or whose checkout gift cards also paid, is left for an admin to settle.
     */
    async onDispute(
      executor: Db,
      event: {
        stage: 'create' | 'remind' | 'resolve';
        disputeId: string;
        transactionReference: string;
        resolution: string | null;
        category: string | null;
        refundAmountKobo: number | null;
        bearer: 'merchant' | 'platform' | null;
        settlementKey: string;
      },
    ): Promise<string> {
      if (event.stage !== 'resolve') return `dispute:${event.stage}`;
      if (!ACCEPTED_RESOLUTIONS.has(event.resolution ?? '')) return 'dispute:nothing-moved';
      if ((await repository.refundsSettledBy(executor, event.settlementKey)).length > 0)
        return 'dispute:refund-booked';
      const tracker = await repository.lockTracker(executor, { reference: event.transactionReference });
      if (tracker?.status !== 'paid') return 'dispute:needs-review';
      const cashLeft = tracker.amountDueKobo - tracker.refundedKobo;
      const giftLeft = tracker.giftCardKobo - tracker.giftCardRefundedKobo;
      const reversed = event.refundAmountKobo ?? cashLeft;
      if (cashLeft <= 0 || reversed !== cashLeft || giftLeft > 0) return 'dispute:needs-review';
      const reason =
        `Card dispute ${event.disputeId}${event.category ? ` (${event.category})` : ''} resolved ${event.resolution}: ` +
        'the bank reversed the payment';
      for (const order of await repository.ordersOfTracker(executor, tracker.id)) {
        await service.book(executor, {
          orderId: order.id,
          returnId: null,
          kind: 'chargeback',
          lines: 'all',
          reason,
          actor: { role: 'system', id: null },
          chargedTo: event.bearer ?? 'merchant',
          settledByProvider: event.settlementKey,
        });
      }
      return 'dispute:refund-booked';
    },

    /** An admin changed who bears a dispute: the refunds its resolution booked move with it. */
    async setChargedToOfDispute(executor: Db, settlementKey: string, chargedTo: 'merchant' | 'platform') {
      const rows = await repository.setChargedToSettledBy(executor, settlementKey, chargedTo, deps.now());
      if (rows.length > 0) await money.listener?.chargedToChanged(executor, rows);
      return rows;
    },

    async setChargedTo(executor: Db, returnId: string, chargedTo: 'merchant' | 'platform', at: Date) {
      const rows = await repository.setChargedTo(executor, returnId, chargedTo, at);
      await money.listener?.chargedToChanged(executor, rows);
      return rows;
    },

    refundsOfReturns: (executor: Db, returnIds: string[]) => repository.refundsOfReturns(executor, returnIds),

    /** What was paid for each item of the order (line amount), for the return's view. */
    async paidPerItem(
      executor: Db,
      orderId: string,
    ): Promise<Map<string, { paidKobo: number; quantity: number }>> {
      const order = await repository.findOrder(executor, orderId);
      if (!order) return new Map();
      const items = await repository.itemsOfOrders(executor, [orderId]);
      items.sort((a, b) => a.id.localeCompare(b.id));
      const paid = paidPerLine(items, order.discountKobo);
      return new Map(
        items.map((item, index) => [item.id, { paidKobo: paid[index]!, quantity: item.quantity }]),
      );
    },

    async list(query: { page: number; limit: number; status?: OrderRefundStatus; needsAttention?: boolean }) {
      const { rows, total } = await repository.refundPage(
        db,
        { status: query.status, needsAttention: query.needsAttention },
        query,
      );
      return {
        refunds: rows.map((row) => refundRecordOf(row, row.orderName)),
        pagination: pageInfo(query.page, query.limit, total),
      };
    },

    async record(executor: Db, row: RefundRow): Promise<RefundRecord> {
      const names = await repository.orderNames(executor, [row.orderId]);
      return refundRecordOf(row, names.get(row.orderId) ?? '');
    },

    find: (executor: Db, refundId: string) => repository.findRefund(executor, refundId),
  };
  return service;
}

export type RefundsService = ReturnType<typeof createRefundsService>;
