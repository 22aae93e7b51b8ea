import type { ChargebackDecisionBody, RefundRecordStatus } from '@market/contracts';
import { recordAudit } from '../../platform/audit/record.js';
import type { Db } from '../../platform/db/client.js';
import { pageInfo } from '../../platform/db/paging.js';
import type { OrderRow } from '../orders/index.js';
import { cardDisputeView, type ReturnsContext } from './returns.context.js';
import type { ReturnCaller } from './returns.decisions.js';
import type { ReturnRow } from './returns.repository.js';
import * as repository from './returns.repository.js';

// Who bears a refund (a return's chargeback, a card dispute's bearer), and the admins' refund requests.

/**
 * The admin's decision of who bears the return's refund, on the return (audited), under the return's row lock (the
 * refund-bearer flow's step; the flow moves the refund rows and the books with it). Answers the return.
 */
export async function recordChargeback(
  _ctx: ReturnsContext,
  tx: Db,
  row: ReturnRow,
  order: OrderRow,
  body: ChargebackDecisionBody,
  at: Date,
): Promise<ReturnRow> {
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
  return updated;
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
 * Who bears a card dispute (internal reason required by the contract), on the payment's dispute row, audited, in
 * the caller's transaction (the refund-bearer flow's step): answers the dispute and the settlement key whose refunds
 * the flow moves to that party.
 */
export async function recordDisputeBearer(
  ctx: ReturnsContext,
  tx: Db,
  caller: ReturnCaller,
  disputeId: string,
  body: ChargebackDecisionBody,
) {
  const decided = await ctx.needs.cardDisputes.setDisputeBearer(tx, disputeId, {
    bearer: body.decision,
    note: body.note,
    decidedBy: caller.userId,
  });
  await recordAudit(tx, {
    action: 'card-dispute.decide',
    subjectType: 'card-dispute',
    subjectId: disputeId,
    after: { bearer: body.decision },
    reason: body.note ?? null,
  });
  return decided;
}

/** Refund requests of every kind, for admins. */
export const refundRequests = (
  ctx: ReturnsContext,
  query: { page: number; limit: number; status?: RefundRecordStatus; needsAttention?: 'true' | 'false' },
) => ctx.refunds.list({ ...query, needsAttention: query.needsAttention === 'true' });
