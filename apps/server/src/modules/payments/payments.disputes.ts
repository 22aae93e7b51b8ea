import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import type { DisputeEvent } from '../../platform/payments/provider.js';
import { listenerOf, type PaymentsContext } from './payments.context.js';
import { paymentDisputes } from './payments.schema.js';

// Card-holder disputes of our payments (charge.dispute.*, ADR 049): recorded as the provider says them, one row per
// dispute, the chargeback flow told in the recording transaction, and an admin's decision of who bears the money.

/**
 * Records what the provider says of a dispute (its latest stage and state, one row per dispute) when it names one of
 * our payments, then tells the listener in the same transaction. A dispute of a payment that is not ours is
 * acknowledged and ignored, as an unknown charge.success is.
 */
export async function recordDispute(
  ctx: PaymentsContext,
  event: DisputeEvent,
  known: boolean,
): Promise<string> {
  const { provider, logger } = ctx;
  const reference = event.transactionReference;
  if (!reference || !known) {
    logger.warn({ disputeId: event.disputeId }, 'dispute of a payment that is not ours');
    return 'dispute:unknown-reference';
  }
  return ctx.db.transaction(async (tx) => {
    const at = ctx.now();
    const values = {
      stage: event.stage,
      status: event.status,
      resolution: event.resolution,
      category: event.category,
      refundAmountKobo: event.refundAmountKobo,
      currency: event.currency,
      dueAt: event.dueAt,
      resolvedAt: event.resolvedAt,
      updatedAt: at,
    };
    await tx
      .insert(paymentDisputes)
      .values({
        provider: provider.name,
        providerDisputeId: event.disputeId,
        paymentReference: reference,
        ...values,
      })
      .onConflictDoUpdate({
        target: [paymentDisputes.provider, paymentDisputes.providerDisputeId],
        set: values,
      });
    logger.warn(
      { reference, disputeId: event.disputeId, stage: event.stage, dueAt: event.dueAt },
      'card-holder dispute of a payment',
    );
    const [row] = await tx
      .select()
      .from(paymentDisputes)
      .where(
        and(
          eq(paymentDisputes.provider, provider.name),
          eq(paymentDisputes.providerDisputeId, event.disputeId),
        ),
      )
      .for('update');
    const heard = await listenerOf(ctx.listeners, 'dispute')(tx, {
      ...event,
      transactionReference: reference,
      bearer: row?.bearer ?? null,
      settlementKey: `dispute:${provider.name}:${event.disputeId}`,
    });
    // What the resolution did to the books (ADR 049), for the admins' list.
    const outcome = heard?.slice('dispute:'.length);
    if (row && (outcome === 'refund-booked' || outcome === 'nothing-moved' || outcome === 'needs-review')) {
      await tx.update(paymentDisputes).set({ outcome }).where(eq(paymentDisputes.id, row.id));
    }
    return heard;
  });
}

/** Card-holder disputes of our payments, newest first (open ones first). */
export async function disputePage(
  ctx: PaymentsContext,
  query: { page: number; limit: number; open?: boolean },
) {
  const where = query.open ? sql`${paymentDisputes.stage} <> 'resolve'` : undefined;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(paymentDisputes)
      .where(where)
      .orderBy(
        sql`${paymentDisputes.stage} = 'resolve'`,
        desc(paymentDisputes.updatedAt),
        desc(paymentDisputes.id),
      )
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    ctx.db.select({ value: count() }).from(paymentDisputes).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** An admin decides who bears a dispute's money (internal note), in the caller's transaction. */
export async function setDisputeBearer(
  ctx: PaymentsContext,
  executor: Db,
  disputeId: string,
  decision: { bearer: 'merchant' | 'platform'; note: string; decidedBy: string },
) {
  const [row] = await executor
    .update(paymentDisputes)
    .set({
      bearer: decision.bearer,
      bearerNote: decision.note,
      decidedBy: decision.decidedBy,
      decidedAt: ctx.now(),
    })
    .where(eq(paymentDisputes.id, disputeId))
    .returning();
  if (!row) throw notFound('Dispute not found');
  return { row, settlementKey: `dispute:${row.provider}:${row.providerDisputeId}` };
}
