import {
  nextRefundAttempt,
  type OrdersService,
  REFUND_RETRY_DELAYS_MINUTES,
  type TrackerRow,
} from '../modules/orders/index.js';
import type { PaymentsService } from '../modules/payments/index.js';
import type { Deps } from '../platform/deps.js';
import { outcomeUnknown } from '../platform/payments/paystack-http.js';

// Flow: a late payment's refund. A payment that arrived after its checkout closed is sent back by the checkout sweep
// (ADR 036; flows/checkout-and-pay.ts), with the three outcomes of every refund (ADR 061, 080). Each step is the
// orders module's (the tracker's refund state) or the payments module's (the reservation, the provider's call):
//   1. intent  — one transaction: the tracker due → sending (a conditional move two processes never both win), the
//                payment's amount reserved, the amount written on the tracker. Interrupted after it: step 4.
//   2. call    — payments.sendRefund, outside any transaction.
//   3. outcome — made (processed or pending at the provider): refunded. Refused (a 4xx, or the provider says
//                failed): released, due again after a back-off (`lateRefundRetryAt`, ADR 088). Unknown (a timeout, a cut connection, a 5xx after the request left):
//                stays `sending`, the reservation kept; nothing is sent again before step 4.
//   4. settle  — a `sending` tracker untouched for LATE_REFUND_ASK_AFTER_MS: the provider's list of refunds of the
//                transaction (Paystack GET /refund?transaction=) decides. One it made or is making → refunded; none
//                (or only failed ones) → never made: released, due again, and sent under the same transaction
//                reference. A list that does not answer leaves it for the next sweep. A refund.* webhook for the
//                transaction settles it too (`settleLateRefundFromWebhook`).

/**
 * How long a late payment's refund may stay `sending` before the provider is asked: longer than the provider call's
 * own timeout, so a call still in flight is never second-guessed (as REFUND_RESUME_AFTER_MS for order refunds).
 */
export const LATE_REFUND_ASK_AFTER_MS = 2 * 60_000;

/**
 * A refused refund waits before it is sent again, as an order's refund does (ADR 049): 5 minutes, then 30, 2 hours
 * and 12 hours. There is no admin decision for a late payment's refund (the customer never had an order), so after
 * the last step it keeps being sent every 12 hours rather than stopping (ADR 088).
 */
export function lateRefundRetryAt(attempts: number, now: Date): Date {
  const longest = REFUND_RETRY_DELAYS_MINUTES[REFUND_RETRY_DELAYS_MINUTES.length - 1]!;
  return nextRefundAttempt(attempts, now) ?? new Date(now.getTime() + longest * 60_000);
}

/** The tracker's fields after a refusal: due again, released, and not sent before its back-off runs out. */
function refusedPatch(tracker: Pick<TrackerRow, 'refundAttempts'>, now: Date) {
  const attempts = tracker.refundAttempts + 1;
  return {
    refundStatus: 'due' as const,
    refundedKobo: 0,
    refundAttempts: attempts,
    refundRetryAt: lateRefundRetryAt(attempts, now),
    updatedAt: now,
  };
}

type LateRefundOutcome = 'refunded' | 'refused' | 'unknown' | 'waiting';

/** The modules whose steps a late payment's refund takes: the checkout's tracker (orders) and its payment. */
export interface LatePaymentRefunds {
  deps: Pick<Deps, 'db' | 'now' | 'logger'>;
  orders: Pick<OrdersService, 'moveLateRefund' | 'findTracker' | 'refundsDue'>;
  payments: Pick<
    PaymentsService,
    'find' | 'reserveRefund' | 'sendRefund' | 'releaseRefund' | 'refundsAtProvider'
  >;
}

/** Step 4: what the provider holds decides a `sending` refund; answers whether it must be sent (again). */
async function settleSending(
  parts: LatePaymentRefunds,
  tracker: TrackerRow,
): Promise<'refunded' | 'send' | 'waiting'> {
  const { deps, orders, payments } = parts;
  // Claim the question (touch the row), so two sweeps never both ask and both send again.
  const claimed = await orders.moveLateRefund(
    deps.db,
    tracker.id,
    ['sending'],
    { updatedAt: deps.now() },
    tracker.updatedAt,
  );
  if (!claimed) return 'waiting';
  let held: Awaited<ReturnType<typeof payments.refundsAtProvider>>;
  try {
    held = await payments.refundsAtProvider(tracker.reference);
  } catch (error) {
    // A read that does not answer writes nothing: asked again after the wait.
    deps.logger.warn(
      { err: String(error), reference: tracker.reference },
      'late refund outcome still unknown',
    );
    return 'waiting';
  }
  if (held.some((refund) => refund.status !== 'failed')) {
    const at = deps.now();
    const done = await orders.moveLateRefund(
      deps.db,
      tracker.id,
      ['sending'],
      { refundStatus: 'refunded', refundedAt: at, updatedAt: at },
      claimed.updatedAt,
    );
    return done ? 'refunded' : 'waiting';
  }
  const released = await deps.db.transaction(async (tx) => {
    const moved = await orders.moveLateRefund(
      tx,
      tracker.id,
      ['sending'],
      { refundStatus: 'due', refundedKobo: 0, updatedAt: deps.now() },
      claimed.updatedAt,
    );
    if (moved) await payments.releaseRefund(tx, tracker.reference, claimed.refundedKobo);
    return moved;
  });
  return released ? 'send' : 'waiting';
}

/** Steps 1–3 for a `due` tracker. */
async function send(parts: LatePaymentRefunds, tracker: TrackerRow): Promise<LateRefundOutcome> {
  const { deps, orders, payments } = parts;
  const intent = await deps.db.transaction(async (tx) => {
    const payment = await payments.find(tx, tracker.reference);
    if (!payment) return undefined;
    const amountKobo = payment.amountKobo - payment.refundedKobo;
    const moved = await orders.moveLateRefund(tx, tracker.id, ['due'], {
      refundStatus: 'sending',
      refundedKobo: amountKobo,
      updatedAt: deps.now(),
    });
    if (!moved) return undefined;
    await payments.reserveRefund(tx, tracker.reference, amountKobo);
    return moved;
  });
  if (!intent) return 'waiting';
  const amountKobo = intent.refundedKobo;
  let refused = false;
  try {
    const result = await payments.sendRefund(tracker.reference, amountKobo);
    refused = result.status === 'failed';
  } catch (error) {
    if (outcomeUnknown(error)) {
      deps.logger.error({ err: error, reference: tracker.reference }, 'late refund outcome unknown');
      // Asked after the wait, counted from the answer that never came.
      await orders.moveLateRefund(
        deps.db,
        tracker.id,
        ['sending'],
        { updatedAt: deps.now() },
        intent.updatedAt,
      );
      return 'unknown';
    }
    deps.logger.error({ err: error, reference: tracker.reference }, 'refund of a late payment refused');
    refused = true;
  }
  if (refused) {
    await deps.db.transaction(async (tx) => {
      const moved = await orders.moveLateRefund(
        tx,
        tracker.id,
        ['sending'],
        refusedPatch(intent, deps.now()),
      );
      if (moved) await payments.releaseRefund(tx, tracker.reference, amountKobo);
    });
    return 'refused';
  }
  const at = deps.now();
  // Only from sending: a webhook that came first has already recorded it.
  await orders.moveLateRefund(deps.db, tracker.id, ['sending'], {
    refundStatus: 'refunded',
    refundedAt: at,
    updatedAt: at,
  });
  return 'refunded';
}

/** One late payment's refund, one step further: settles an unknown first, then sends what is due. */
async function refundLatePayment(parts: LatePaymentRefunds, tracker: TrackerRow): Promise<LateRefundOutcome> {
  if (tracker.refundStatus === 'sending') {
    const settled = await settleSending(parts, tracker);
    if (settled !== 'send') return settled;
    return send(parts, { ...tracker, refundStatus: 'due' });
  }
  return send(parts, tracker);
}

/** Money that arrived after its checkout closed is sent back (ADR 036, 080); answers how many were refunded. */
export async function refundLatePayments(parts: LatePaymentRefunds, now: Date): Promise<number> {
  const { deps, orders } = parts;
  let refunded = 0;
  const askBefore = new Date(now.getTime() - LATE_REFUND_ASK_AFTER_MS);
  for (const tracker of await orders.refundsDue(now, askBefore, 50)) {
    try {
      if ((await refundLatePayment(parts, tracker)) === 'refunded') refunded += 1;
    } catch (error) {
      deps.logger.error({ err: error, reference: tracker.reference }, 'refund of a late payment failed');
    }
  }
  return refunded;
}

/**
 * A refund.* webhook no order refund claimed: if it is for a late payment whose refund is `sending`, it settles it
 * (made or on its way → refunded; failed → released, due again). Answers the outcome, or undefined when it is not one.
 */
export async function settleLateRefundFromWebhook(
  parts: LatePaymentRefunds,
  event: {
    status: 'pending' | 'processing' | 'processed' | 'failed' | 'needs-attention';
    transactionReference: string;
  },
): Promise<string | undefined> {
  const { deps, orders, payments } = parts;
  const tracker = await orders.findTracker(deps.db, { reference: event.transactionReference });
  if (tracker?.refundStatus !== 'sending') return undefined;
  const at = deps.now();
  if (event.status !== 'failed') {
    const moved = await orders.moveLateRefund(deps.db, tracker.id, ['sending'], {
      refundStatus: 'refunded',
      refundedAt: at,
      updatedAt: at,
    });
    return moved ? 'late-refund:refunded' : undefined;
  }
  return deps.db.transaction(async (tx) => {
    // Paystack says the refund failed: a refusal, with the same back-off as one answered at once.
    const moved = await orders.moveLateRefund(tx, tracker.id, ['sending'], refusedPatch(tracker, at));
    if (!moved) return undefined;
    await payments.releaseRefund(tx, tracker.reference, tracker.refundedKobo);
    return 'late-refund:failed';
  });
}
