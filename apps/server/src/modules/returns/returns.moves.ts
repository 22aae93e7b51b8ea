import {
  formatNaira,
  type RefundRejectBody,
  type ReturnStatus,
  returnStatusNames,
  type UpdateReturnStatusBody,
} from '@market/contracts';
import { recordAudit } from '../../platform/audit/record.js';
import type { Db } from '../../platform/db/client.js';
import { conflict, validation } from '../../platform/errors.js';
import { trackingUrlMaker } from '../../platform/security/tracking-links.js';
import { findAccountById } from '../auth/index.js';
import type { OrderRow, RefundRow } from '../orders/index.js';
import type { PickupsService } from './pickups.service.js';
import {
  actorOf,
  bind,
  type DecisionContext,
  decidable,
  type ReturnCaller,
  release,
  tellCustomer,
} from './returns.decisions.js';
import type { ReturnRow } from './returns.repository.js';
import * as repository from './returns.repository.js';

// The returns module's steps of a return's move and of an admin's decision on a refund the provider did not make
// (ADR 081, 090). The sequences, with the steps of other modules between them (stock back into the catalog, the
// refund decided by the orders module), are the return-and-refund flow's (`flows/return-and-refund.ts`); each step
// here touches the return's own rows, its order's timeline and the customer's mail.

/** The store's moves between statuses; a refund or a replacement is decided with update-refund-decision. */
const storeMoves: Record<ReturnStatus, readonly ReturnStatus[]> = {
  requested: ['approved', 'rejected'],
  approved: ['item_received'],
  item_received: [],
  rejected: ['closed'],
  refunded: ['closed'],
  replacement_sent: ['closed'],
  closed: [],
};

/** Where the caller may move the return next. */
export function allowedFor(row: ReturnRow, caller: ReturnCaller): ReturnStatus[] {
  // A disputed return waits for the platform; the store cannot close it meanwhile.
  if (caller.kind === 'merchant') return row.disputeStatus === 'open' ? [] : [...storeMoves[row.status]];
  if (caller.kind === 'admin' && row.disputeStatus === 'open') return ['closed'];
  return [];
}

/** Whether the caller may decide refund or replacement now. */
export function canDecide(row: ReturnRow, caller: ReturnCaller): boolean {
  if (caller.kind === 'merchant') return decidable.has(row.status);
  if (caller.kind === 'admin') return row.disputeStatus === 'open';
  return false;
}

/** What the move steps work with: the decisions' context, and the pickups a move opens or checks. */
export interface MoveContext extends DecisionContext {
  pickups: Pick<PickupsService, 'open' | 'onReceived'>;
}

/** Refused unless the caller may make the move, with the reason the customer reads for a rejection or dismissal. */
function checkMove(row: ReturnRow, caller: ReturnCaller, to: ReturnStatus, reason: string) {
  if (!allowedFor(row, caller).includes(to)) {
    throw conflict(`Return is ${returnStatusNames[row.status]}; it cannot move to ${returnStatusNames[to]}`);
  }
  // A rejection, the store's or the platform's, is explained to the customer (ADR 049).
  if (to === 'rejected' && reason.length < 5) {
    throw validation(
      'note',
      'Give the reason for rejecting this return; the customer reads it (at least 5 characters)',
    );
  }
  if (caller.kind === 'admin' && reason.length < 5) {
    throw validation(
      'note',
      'Give the reason for dismissing this dispute; the customer reads it (at least 5 characters)',
    );
  }
}

/** The customer hears of the move: on the order's timeline, and by mail for an approval, a rejection, a dismissal. */
async function tellMoved(
  ctx: MoveContext,
  tx: Db,
  updated: ReturnRow,
  order: OrderRow,
  caller: ReturnCaller,
  body: UpdateReturnStatusBody,
  reason: string,
) {
  const to = body.status;
  const texts: Partial<Record<ReturnStatus, string>> = {
    approved:
      'The store approved your return. A carrier will collect the items; you will get a pickup token.',
    rejected: `The store rejected your return${body.note ? `: ${body.note}` : '.'}`,
    item_received: 'The store received the returned items.',
    closed:
      caller.kind === 'admin'
        ? `The platform reviewed your dispute and closed the return: ${reason}`
        : 'The return is closed.',
  };
  await ctx.orders.note(tx, order, actorOf(caller), texts[to]!);
  if (caller.kind === 'admin') {
    await tellCustomer(
      ctx,
      tx,
      updated,
      'The platform reviewed your dispute',
      `We reviewed your dispute of the return for order ${order.orderName} and closed it without a refund: ${reason}`,
    );
  }
  if (caller.kind === 'merchant' && (to === 'approved' || to === 'rejected')) {
    await tellCustomer(
      ctx,
      tx,
      updated,
      to === 'approved' ? 'Your return is approved' : 'Your return was not accepted',
      to === 'approved'
        ? `${order.storeName} approved your return for order ${order.orderName}. A carrier will collect the items; we will send you a pickup token to give them${body.note ? `. The store adds: ${body.note}` : '.'}`
        : `${order.storeName} did not accept your return for order ${order.orderName}${body.note ? `: ${body.note}` : '.'} If you disagree, you can ask the platform to review it from your order page.`,
    );
  }
}

/**
 * The store's move (approve, reject, received, close) or an admin's dismissal of a dispute: checked, the return's
 * row, its pickup (opened at approval; at "received", goods a carrier still holds are refused), the order released
 * when the return ends, and the customer told.
 */
async function recordMove(
  ctx: MoveContext,
  tx: Db,
  row: ReturnRow,
  order: OrderRow,
  caller: ReturnCaller,
  body: UpdateReturnStatusBody,
): Promise<ReturnRow> {
  const to = body.status;
  const reason = body.note?.trim() ?? '';
  checkMove(row, caller, to, reason);
  const patch: Partial<repository.NewReturn> = { status: to, updatedAt: ctx.deps.now() };
  if (body.note) patch.merchantNote = body.note;
  if (caller.kind === 'admin') {
    patch.disputeStatus = 'dismissed';
    patch.disputeNote = body.note ?? null;
    delete patch.merchantNote;
  }
  // Goods a carrier still holds are not at the store: checked before anything is written.
  if (to === 'item_received') await ctx.pickups.onReceived(tx, row.id);
  const updated = await repository.updateReturn(tx, row.id, patch);
  if (to === 'rejected' || to === 'closed') await release(ctx, tx, order, updated);
  // The approved return's goods come back by carrier (ADR 060).
  if (to === 'approved') await ctx.pickups.open(tx, updated);
  await tellMoved(ctx, tx, updated, order, caller, body, reason);
  return updated;
}

/** The units of the return, as stock lines to put back when its goods reach the store. */
function unitsOf(row: ReturnRow) {
  return row.lines.map((line) => ({
    productId: line.productId,
    variantId: line.variantId,
    quantity: line.quantity,
  }));
}

type RefundOutcome = NonNullable<RefundRejectBody['outcome']>;

/** An admin's decision on a refund, audited; a rejected refund's return is closed (it is not going back). */
async function recordRefundDecision(
  ctx: MoveContext,
  tx: Db,
  before: RefundRow,
  decided: RefundRow,
  order: OrderRow,
  outcome: RefundOutcome,
  reason: string,
) {
  await recordAudit(tx, {
    action: 'refund.decide',
    subjectType: 'refund',
    subjectId: decided.id,
    storeId: order.storeId,
    before: { status: before.status },
    after: { status: decided.status, outcome, amountKobo: decided.amountKobo },
    reason,
  });
  if (outcome !== 'rejected' || !decided.returnId) return;
  const ret = await repository.lockReturn(tx, decided.returnId);
  if (ret && ret.status !== 'closed') {
    await repository.updateReturn(tx, ret.id, {
      status: 'closed',
      merchantNote: ret.merchantNote,
      disputeNote: ret.disputeNote,
      updatedAt: ctx.deps.now(),
    });
  }
}

/** The customer is told of the refund's decision with its reason: on the order's timeline and by mail. */
async function tellRefundDecided(
  ctx: MoveContext,
  tx: Db,
  order: OrderRow,
  caller: ReturnCaller,
  decided: RefundRow,
  outcome: RefundOutcome,
  reason: string,
) {
  const amount = formatNaira(decided.amountKobo);
  const sentence =
    outcome === 'rejected'
      ? `The refund of ${amount} for order ${order.orderName} will not be made: ${reason}`
      : `The refund of ${amount} for order ${order.orderName} could not go back to the card or account you paid with, so it was paid to you another way: ${reason}`;
  await ctx.orders.note(tx, order, actorOf(caller), sentence);
  const customer = await findAccountById(tx, order.customerId);
  if (!customer) return;
  await ctx.deps.mailer.send(tx, {
    to: customer.email,
    subject: `${outcome === 'rejected' ? 'About your refund' : 'Your refund was paid another way'} (${order.orderName})`,
    paragraphs: [
      `Hello ${customer.firstName},`,
      sentence,
      `Follow your order without signing in: ${trackingUrlMaker(ctx.deps.config)(order.id, ctx.deps.now())}`,
    ],
    action: { label: 'See your order', url: `${ctx.deps.config.publicUrl}/account/orders/${order.id}` },
  });
}

/** The move and refund-decision steps, bound to their context. */
export function createReturnMoves(ctx: MoveContext) {
  return {
    recordMove: bind(ctx, recordMove),
    unitsOf,
    recordRefundDecision: bind(ctx, recordRefundDecision),
    tellRefundDecided: bind(ctx, tellRefundDecided),
  };
}

export type ReturnMoves = ReturnType<typeof createReturnMoves>;
