import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { conflict, notFound } from '../../platform/errors.js';
import { outcomeUnknown } from '../../platform/payments/paystack-http.js';
import type { RefundRow } from './orders.repository.js';
import * as repository from './orders.repository.js';
import type { OrderRefundStatus } from './orders.schema.js';

// The refund history of orders (ADR 026). A refund is booked first, under the checkout's row lock, against what was
// paid: cash through the provider first, then the gift cards that paid; per item never more than was paid for its
// units, shipping only with the whole order. The provider is asked after the commit; its answer or its refund.*
// webhook moves the row on; a failure stays on the row for an admin to retry or reject.

/** What the refunds need of other modules, handed in by the composition (ADR 010). */
import {
  nextRefundAttempt,
  REFUND_OUTCOME_UNKNOWN,
  REFUND_RESUME_AFTER_MS,
  REFUND_UNSENT_AFTER_MS,
  RESERVED,
  type RefundAtProvider,
  unsettled,
} from './refunds.rules.js';
import type { RefundNeeds } from './refunds.service.js';

// The provider's side of a refund (ADR 049, 061): sending it, settling it from what the provider says, retrying it,
// and the provider's refund.* webhooks. Each function takes what it needs once: the deps, the money steps, and how
// the customer is told of the outcome (the refunds service's).

export interface RefundProviderContext {
  deps: Deps;
  needs: RefundNeeds;
  tellOutcome(executor: Db, row: RefundRow): Promise<void>;
}

/**
 * Step 1, one transaction: a pending refund to the provider becomes processing with its reservation on the payment
 * and when to look again; one the payment cannot cover fails here, as the provider would refuse it.
 */
async function claimForSending(
  ctx: RefundProviderContext,
  refundId: string,
): Promise<{ row: RefundRow; send: boolean; refused?: true }> {
  return ctx.deps.db.transaction(async (tx) => {
    const row = await repository.lockRefund(tx, refundId);
    if (!row) throw notFound('Refund not found');
    if (row.destination !== 'provider' || row.status !== 'pending') return { row, send: false };
    const at = ctx.deps.now();
    try {
      await ctx.needs.reserveRefund(tx, row.paymentReference, row.amountKobo);
    } catch (error) {
      // Nothing left of the payment to send back (or it is not paid): refused here, as the provider would.
      const failed = await repository.updateRefund(tx, row.id, ['pending'], {
        status: 'failed',
        attempts: row.attempts + 1,
        failureReason: (error instanceof Error ? error.message : String(error)).slice(0, 300),
        nextAttemptAt: nextRefundAttempt(row.attempts + 1, at),
        updatedAt: at,
      });
      return { row: failed!, send: false, refused: true as const };
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
}

/**
 * Asks the provider for a booked refund (after the booking committed), in three steps (ADR 061):
 * 1. the intent, in one transaction: pending → processing, the payment's reservation, and when to look again if
 *    no outcome is recorded (`nextAttemptAt`), so a process that dies after it leaves work the resume job finds;
 * 2. the provider call, after the commit;
 * 3. its outcome: made (processed, or processing until the webhook), refused (failed, the reservation released,
 *    a retry later), or unknown (a timeout, a cut connection, a 5xx: `unknown`, the reservation kept, settled
 *    only by asking the provider, never sent again before that).
 */
export async function sendRefund(ctx: RefundProviderContext, refundId: string): Promise<RefundRow> {
  const claimed = await claimForSending(ctx, refundId);
  if (!claimed.send) {
    if ('refused' in claimed) await ctx.tellOutcome(ctx.deps.db, claimed.row);
    return claimed.row;
  }
  const row = claimed.row;
  let patch: Partial<repository.NewRefund>;
  let release = false;
  try {
    const result = await ctx.needs.sendRefund(row.paymentReference, row.amountKobo);
    release = result.status === 'failed';
    patch =
      result.status === 'failed'
        ? {
            status: 'failed',
            failureReason: 'The payment provider could not make the refund',
            nextAttemptAt: nextRefundAttempt(row.attempts, ctx.deps.now()),
          }
        : {
            status: result.status === 'processed' ? 'processed' : 'processing',
            providerReference: result.providerReference ?? row.providerReference,
            processedAt: result.status === 'processed' ? ctx.deps.now() : null,
            nextAttemptAt: null,
          };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    ctx.deps.logger.error(
      { err: error, reference: row.reference, amountKobo: row.amountKobo },
      outcomeUnknown(error) ? 'refund outcome unknown' : 'refund refused',
    );
    if (outcomeUnknown(error)) {
      patch = {
        status: 'unknown',
        failureReason: 'The payment provider did not answer; asking it whether the refund was made',
        nextAttemptAt: new Date(ctx.deps.now().getTime() + REFUND_RESUME_AFTER_MS),
      };
    } else {
      release = true;
      patch = {
        status: 'failed',
        failureReason: message.slice(0, 300),
        nextAttemptAt: nextRefundAttempt(row.attempts, ctx.deps.now()),
      };
    }
  }
  // Only from processing: a webhook that came first has the last word.
  const done = await ctx.deps.db.transaction(async (tx) => {
    const moved = await repository.updateRefund(tx, row.id, ['processing'], {
      ...patch,
      updatedAt: ctx.deps.now(),
    });
    if (moved && release) await ctx.needs.releaseRefund(tx, row.paymentReference, row.amountKobo);
    if (moved) await ctx.tellOutcome(tx, moved);
    return moved;
  });
  return done ?? (await repository.findRefund(ctx.deps.db, row.id))!;
}

/**
 * Settles a refund whose outcome nobody recorded (`unknown`, or `processing` with no answer past its time) from
 * what the provider says it holds against the payment (ADR 061): one of its refunds of the same amount that no
 * other row of ours has claimed is this one (processed, on its way, or failed); none means the request never
 * reached it, so the refund is failed, its reservation released, and due to be sent again at once. In one
 * transaction under the locks of every provider refund of the payment, so two settlements never claim one.
 */
export async function settleFromProvider(
  ctx: RefundProviderContext,
  refundId: string,
  atProvider: RefundAtProvider[],
): Promise<RefundRow | undefined> {
  return ctx.deps.db.transaction(async (tx) => {
    const target = await repository.findRefund(tx, refundId);
    if (!target) return undefined;
    const rows = await repository.lockProviderRefundsOfPayment(tx, target.paymentReference);
    const row = rows.find((one) => one.id === refundId);
    if (!row || !unsettled(row, ctx.deps.now())) return row;
    const claimed = new Set(rows.map((one) => one.providerReference).filter(Boolean));
    const found = atProvider.find(
      (refund) => !claimed.has(refund.providerReference) && refund.amountKobo === row.amountKobo,
    );
    const at = ctx.deps.now();
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
      if (moved) await ctx.needs.releaseRefund(tx, row.paymentReference, row.amountKobo);
    }
    if (moved) await ctx.tellOutcome(tx, moved);
    return moved;
  });
}

/** Refunds whose outcome nobody recorded, or booked and never sent, for the resume job (ADR 061). */
export function refundsToResume(ctx: RefundProviderContext, limit = 20): Promise<RefundRow[]> {
  const at = ctx.deps.now();
  return repository.refundsToResume(ctx.deps.db, at, new Date(at.getTime() - REFUND_UNSENT_AFTER_MS), limit);
}

/** An admin sends a failed refund again (at once, whatever its automatic retry was waiting for). */
export async function retryRefund(ctx: RefundProviderContext, refundId: string): Promise<RefundRow> {
  const reopened = await repository.updateRefund(ctx.deps.db, refundId, ['failed'], {
    status: 'pending',
    nextAttemptAt: null,
    updatedAt: ctx.deps.now(),
  });
  if (!reopened) {
    const row = await repository.findRefund(ctx.deps.db, refundId);
    if (!row) throw notFound('Refund not found');
    if (unsettled(row, ctx.deps.now())) throw conflict(REFUND_OUTCOME_UNKNOWN);
    throw conflict(`This refund is ${row.status}; only a failed refund can be sent again`);
  }
  return sendRefund(ctx, refundId);
}

/**
 * The job's sweep (ADR 049): failed refunds whose retry is due are sent again, each claimed by a conditional
 * update (failed and due → pending), so two processes or an admin's retry at the same moment send it once.
 * Unknown outcomes are not here: the resume step (flows/return-and-refund.ts) asks the provider first.
 */
export async function retryDueRefunds(
  ctx: RefundProviderContext,
  limit = 20,
): Promise<{ sent: number; failed: number }> {
  const due = await repository.refundsDueForRetry(ctx.deps.db, ctx.deps.now(), limit);
  let sent = 0;
  let failed = 0;
  for (const candidate of due) {
    const claimed = await ctx.deps.db.transaction(async (tx) => {
      const row = await repository.lockRefund(tx, candidate.id);
      if (row?.status !== 'failed' || !row.nextAttemptAt || row.nextAttemptAt > ctx.deps.now()) return false;
      await repository.updateRefund(tx, row.id, ['failed'], {
        status: 'pending',
        nextAttemptAt: null,
        updatedAt: ctx.deps.now(),
      });
      return true;
    });
    if (!claimed) continue;
    const done = await sendRefund(ctx, candidate.id);
    if (done.status === 'failed') failed += 1;
    else sent += 1;
  }
  return { sent, failed };
}

/** A signed, first-seen refund.* webhook: moves the refund it names; anything else is ignored. */
export async function onProviderRefundEvent(
  ctx: RefundProviderContext,
  event: {
    status: 'pending' | 'processing' | 'processed' | 'failed' | 'needs-attention';
    transactionReference: string;
    amountKobo: number | null;
    providerReference: string | null;
  },
): Promise<string> {
  return ctx.deps.db.transaction(async (tx) => {
    const row = await repository.lockProviderRefund(tx, {
      paymentReference: event.transactionReference,
      providerReference: event.providerReference,
      amountKobo: event.amountKobo,
    });
    if (!row) return 'refund:unknown';
    if (row.status === 'processed' || row.status === 'rejected') return `refund:${row.status}`;
    const at = ctx.deps.now();
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
    const moved = await repository.updateRefund(tx, row.id, ['pending', 'processing', 'unknown', 'failed'], {
      ...next,
      providerReference: row.providerReference ?? event.providerReference,
      updatedAt: at,
    });
    if (moved && moved.status !== row.status) await ctx.tellOutcome(tx, moved);
    // The payment's reservation follows the provider (ADR 061): held while it holds or made the refund
    // (processing, unknown, processed), free otherwise (pending, failed).
    const heldBefore = RESERVED.has(row.status);
    const heldAfter = RESERVED.has(next.status as OrderRefundStatus);
    if (heldBefore && !heldAfter) await ctx.needs.releaseRefund(tx, row.paymentReference, row.amountKobo);
    if (!heldBefore && heldAfter)
      await ctx.needs.reserveRefund(tx, row.paymentReference, row.amountKobo, true);
    return event.status === 'needs-attention' ? 'refund:needs-attention' : `refund:${next.status}`;
  });
}
