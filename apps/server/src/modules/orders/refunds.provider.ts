import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { conflict, notFound } from '../../platform/errors.js';
import type { RefundRow } from './orders.repository.js';
import * as repository from './orders.repository.js';
import type { OrderRefundStatus } from './orders.schema.js';
import {
  nextRefundAttempt,
  REFUND_OUTCOME_UNKNOWN,
  REFUND_RESUME_AFTER_MS,
  REFUND_UNSENT_AFTER_MS,
  RESERVED,
  type RefundAtProvider,
  unsettled,
} from './refunds.rules.js';

// The provider's side of a refund row (ADR 049, 061): plain steps over the refund rows, each in the caller's
// transaction unless it says otherwise. The sequence (reserve on the payment, call the provider, record what it
// said, settle an unknown outcome by asking it, release or keep the reservation) is the return-and-refund flow's:
// the payment's reservation and the provider call are the payments module's, called there.

export interface RefundProviderContext {
  deps: Deps;
  tellOutcome(executor: Db, row: RefundRow): Promise<void>;
}

/** What the provider said of one refund call, as the flow classified it (made, refused, or no answer). */
export type ProviderRefundOutcome =
  | { kind: 'made'; status: 'pending' | 'processed'; providerReference: string | null }
  | { kind: 'refused'; reason: string }
  | { kind: 'unknown' };

/** A refund locked to be sent: `sendable` when it goes to the provider and is pending (else it is left as it is). */
export async function lockToSend(
  _ctx: RefundProviderContext,
  executor: Db,
  refundId: string,
): Promise<{ row: RefundRow; sendable: boolean }> {
  const row = await repository.lockRefund(executor, refundId);
  if (!row) throw notFound('Refund not found');
  return { row, sendable: row.destination === 'provider' && row.status === 'pending' };
}

/** The payment cannot cover the refund (nothing left, or not paid): failed here, as the provider would refuse it. */
export async function refusedBeforeSending(
  ctx: RefundProviderContext,
  executor: Db,
  row: RefundRow,
  reason: string,
): Promise<RefundRow> {
  const at = ctx.deps.now();
  const failed = await repository.updateRefund(executor, row.id, ['pending'], {
    status: 'failed',
    attempts: row.attempts + 1,
    failureReason: reason.slice(0, 300),
    nextAttemptAt: nextRefundAttempt(row.attempts + 1, at),
    updatedAt: at,
  });
  return failed!;
}

/** The intent to send: pending → processing, one attempt more, and when to look again if no outcome is recorded. */
export async function markSending(
  ctx: RefundProviderContext,
  executor: Db,
  row: RefundRow,
): Promise<RefundRow> {
  const at = ctx.deps.now();
  const updated = await repository.updateRefund(executor, row.id, ['pending'], {
    status: 'processing',
    attempts: row.attempts + 1,
    failureReason: null,
    nextAttemptAt: new Date(at.getTime() + REFUND_RESUME_AFTER_MS),
    updatedAt: at,
  });
  return updated!;
}

/** The row's patch for what the provider said of a call. */
function patchOf(
  ctx: RefundProviderContext,
  row: RefundRow,
  outcome: ProviderRefundOutcome,
): Partial<repository.NewRefund> {
  const at = ctx.deps.now();
  if (outcome.kind === 'made')
    return {
      status: outcome.status === 'processed' ? 'processed' : 'processing',
      providerReference: outcome.providerReference ?? row.providerReference,
      processedAt: outcome.status === 'processed' ? at : null,
      nextAttemptAt: null,
    };
  if (outcome.kind === 'refused')
    return {
      status: 'failed',
      failureReason: outcome.reason.slice(0, 300),
      nextAttemptAt: nextRefundAttempt(row.attempts, at),
    };
  return {
    status: 'unknown',
    failureReason: 'The payment provider did not answer; asking it whether the refund was made',
    nextAttemptAt: new Date(at.getTime() + REFUND_RESUME_AFTER_MS),
  };
}

/**
 * Records what the provider said of a call, only from processing (a webhook that came first has the last word):
 * made (processed, or processing until the webhook), refused (failed, a retry later), unknown (settled only by
 * asking the provider). The customer told. Undefined when the row had moved on.
 */
export async function recordOutcome(
  ctx: RefundProviderContext,
  executor: Db,
  row: RefundRow,
  outcome: ProviderRefundOutcome,
): Promise<RefundRow | undefined> {
  const moved = await repository.updateRefund(executor, row.id, ['processing'], {
    ...patchOf(ctx, row, outcome),
    updatedAt: ctx.deps.now(),
  });
  if (moved) await ctx.tellOutcome(executor, moved);
  return moved;
}

/**
 * Settles a refund whose outcome nobody recorded (`unknown`, or `processing` with no answer past its time) from
 * what the provider says it holds against the payment (ADR 061): one of its refunds of the same amount that no
 * other row of ours has claimed is this one (processed, on its way, or failed); none means the request never
 * reached it, so the refund is failed and due to be sent again at once (`release`: the flow frees its reservation).
 * Under the locks of every provider refund of the payment, so two settlements never claim one.
 */
export async function settleFromProvider(
  ctx: RefundProviderContext,
  executor: Db,
  refundId: string,
  atProvider: RefundAtProvider[],
): Promise<{ row: RefundRow | undefined; release: boolean }> {
  const target = await repository.findRefund(executor, refundId);
  if (!target) return { row: undefined, release: false };
  const rows = await repository.lockProviderRefundsOfPayment(executor, target.paymentReference);
  const row = rows.find((one) => one.id === refundId);
  if (!row || !unsettled(row, ctx.deps.now())) return { row, release: false };
  const claimed = new Set(rows.map((one) => one.providerReference).filter(Boolean));
  const found = atProvider.find(
    (refund) => !claimed.has(refund.providerReference) && refund.amountKobo === row.amountKobo,
  );
  const at = ctx.deps.now();
  const from: OrderRefundStatus[] = ['unknown', 'processing'];
  const made = found !== undefined && found.status !== 'failed';
  const moved = made
    ? await repository.updateRefund(executor, row.id, from, {
        status: found.status === 'processed' ? 'processed' : 'processing',
        providerReference: found.providerReference,
        processedAt: found.status === 'processed' ? at : null,
        failureReason: null,
        nextAttemptAt: null,
        updatedAt: at,
      })
    : await repository.updateRefund(executor, row.id, from, {
        status: 'failed',
        providerReference: found?.providerReference ?? null,
        failureReason: found
          ? 'The payment provider reported the refund failed'
          : 'The payment provider never received this refund; it is sent again',
        // Never received: nothing was made, so it is due again now; a failure waits its usual delay.
        nextAttemptAt: found ? nextRefundAttempt(row.attempts, at) : at,
        updatedAt: at,
      });
  if (moved) await ctx.tellOutcome(executor, moved);
  return { row: moved, release: moved !== undefined && !made };
}

/** Refunds whose outcome nobody recorded, or booked and never sent, for the resume job (ADR 061). */
export function refundsToResume(ctx: RefundProviderContext, limit = 20): Promise<RefundRow[]> {
  const at = ctx.deps.now();
  return repository.refundsToResume(ctx.deps.db, at, new Date(at.getTime() - REFUND_UNSENT_AFTER_MS), limit);
}

/** An admin's retry: a failed refund pending again (at once, whatever its automatic retry was waiting for). */
export async function reopenFailed(ctx: RefundProviderContext, refundId: string): Promise<void> {
  const reopened = await repository.updateRefund(ctx.deps.db, refundId, ['failed'], {
    status: 'pending',
    nextAttemptAt: null,
    updatedAt: ctx.deps.now(),
  });
  if (reopened) return;
  const row = await repository.findRefund(ctx.deps.db, refundId);
  if (!row) throw notFound('Refund not found');
  if (unsettled(row, ctx.deps.now())) throw conflict(REFUND_OUTCOME_UNKNOWN);
  throw conflict(`This refund is ${row.status}; only a failed refund can be sent again`);
}

/** Failed refunds whose automatic retry is due (ADR 049), the oldest first. */
export async function dueForRetry(ctx: RefundProviderContext, limit = 20): Promise<string[]> {
  const due = await repository.refundsDueForRetry(ctx.deps.db, ctx.deps.now(), limit);
  return due.map((row) => row.id);
}

/**
 * Claims a due retry in its own transaction: failed and due → pending, by a conditional update under the row's
 * lock, so two processes or an admin's retry at the same moment send it once. False when another claimed it.
 */
export async function claimDue(ctx: RefundProviderContext, refundId: string): Promise<boolean> {
  return ctx.deps.db.transaction(async (tx) => {
    const row = await repository.lockRefund(tx, refundId);
    if (row?.status !== 'failed' || !row.nextAttemptAt || row.nextAttemptAt > ctx.deps.now()) return false;
    await repository.updateRefund(tx, row.id, ['failed'], {
      status: 'pending',
      nextAttemptAt: null,
      updatedAt: ctx.deps.now(),
    });
    return true;
  });
}

/** A provider's refund.* webhook, as payments hands it on. */
export interface ProviderRefundEvent {
  status: 'pending' | 'processing' | 'processed' | 'failed' | 'needs-attention';
  transactionReference: string;
  amountKobo: number | null;
  providerReference: string | null;
}

/**
 * A signed, first-seen refund.* webhook, in the caller's transaction: moves the refund it names (`refund:unknown`
 * when none). `reservation` says what the payment's reservation must do to follow the provider (ADR 061): held
 * while it holds or made the refund (processing, unknown, processed), free otherwise (pending, failed).
 */
export async function onProviderRefundEvent(
  ctx: RefundProviderContext,
  executor: Db,
  event: ProviderRefundEvent,
): Promise<{ answer: string; row?: RefundRow; reservation: 'release' | 'reserve' | null }> {
  const row = await repository.lockProviderRefund(executor, {
    paymentReference: event.transactionReference,
    providerReference: event.providerReference,
    amountKobo: event.amountKobo,
  });
  if (!row) return { answer: 'refund:unknown', reservation: null };
  if (row.status === 'processed' || row.status === 'rejected')
    return { answer: `refund:${row.status}`, row, reservation: null };
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
  const moved = await repository.updateRefund(
    executor,
    row.id,
    ['pending', 'processing', 'unknown', 'failed'],
    {
      ...next,
      providerReference: row.providerReference ?? event.providerReference,
      updatedAt: at,
    },
  );
  if (moved && moved.status !== row.status) await ctx.tellOutcome(executor, moved);
  const heldBefore = RESERVED.has(row.status);
  const heldAfter = RESERVED.has(next.status as OrderRefundStatus);
  return {
    answer: event.status === 'needs-attention' ? 'refund:needs-attention' : `refund:${next.status}`,
    row,
    reservation: heldBefore && !heldAfter ? 'release' : !heldBefore && heldAfter ? 'reserve' : null,
  };
}
