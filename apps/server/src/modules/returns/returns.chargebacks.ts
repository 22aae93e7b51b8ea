import type { ChargebackDecisionBody, RefundRecordStatus } from '@market/contracts';
import { recordAudit } from '../../platform/audit/record.js';
import { pageInfo } from '../../platform/db/paging.js';
import { cardDisputeView, type ReturnsContext, view } from './returns.context.js';
import type { ReturnCaller } from './returns.decisions.js';
import * as repository from './returns.repository.js';

// Who bears a refund (a return's chargeback, a card dispute's bearer), and the admins' refund requests.

/** Who bears the return's refund in the books; the refund rows carry it for the ledger. */
export async function chargeback(
  ctx: ReturnsContext,
  caller: ReturnCaller,
  returnId: string,
  body: ChargebackDecisionBody,
) {
  return ctx.decisions.withLockedReturn(returnId, caller, async (tx, row, order) => {
    const at = ctx.deps.now();
    const updated = await repository.updateReturn(tx, row.id, {
      chargeback: body.decision,
      chargebackNote: body.note ?? null,
      updatedAt: at,
    });
    await recordAudit(tx, {
      action: 'chargeback.decide',
      subjectType: 'return',
      subjectId: row.id,
      storeId: order.storeId,
      before: { chargeback: row.chargeback },
      after: { chargeback: body.decision },
      reason: body.note ?? null,
    });
    await ctx.refunds.setChargedTo(tx, row.id, body.decision, at);
    return view(ctx, tx, updated, caller);
  });
}

/** Card-holder disputes with the orders of their payment, for admins (ADR 049). */
export async function cardDisputes(
  ctx: ReturnsContext,
  query: { page: number; limit: number; open?: 'true' | 'false' },
) {
  const { rows, total } = await ctx.needs.cardDisputes.disputePage({
    page: query.page,
    limit: query.limit,
    open: query.open === 'true',
  });
  return {
    disputes: await Promise.all(rows.map((row) => cardDisputeView(ctx, ctx.db, row))),
    pagination: pageInfo(query.page, query.limit, total),
  };
}

/**
 * Who bears a card dispute (internal reason required by the contract). Refunds its resolution already booked
 * move to that party in the books, in the same transaction.
 */
export async function cardDisputeBearer(
  ctx: ReturnsContext,
  caller: ReturnCaller,
  disputeId: string,
  body: ChargebackDecisionBody,
) {
  return ctx.db.transaction(async (tx) => {
    const { row, settlementKey } = await ctx.needs.cardDisputes.setDisputeBearer(tx, disputeId, {
      bearer: body.decision,
      note: body.note,
      decidedBy: caller.userId,
    });
    await ctx.refunds.setChargedToOfDispute(tx, settlementKey, body.decision);
    await recordAudit(tx, {
      action: 'card-dispute.decide',
      subjectType: 'card-dispute',
      subjectId: disputeId,
      after: { bearer: body.decision },
      reason: body.note ?? null,
    });
    return cardDisputeView(ctx, tx, row);
  });
}

/** Refund requests of every kind, for admins. */
export const refundRequests = (
  ctx: ReturnsContext,
  query: { page: number; limit: number; status?: RefundRecordStatus; needsAttention?: 'true' | 'false' },
) => ctx.refunds.list({ ...query, needsAttention: query.needsAttention === 'true' });
