import { formatNaira, koboToNaira, type ReturnStatus, returnStatusNames } from '@market/contracts';
import { recordAudit } from '../../platform/audit/record.js';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { conflict, notFound } from '../../platform/errors.js';
import { trackingUrlMaker } from '../../platform/security/tracking-links.js';
import { findAccountById } from '../auth/index.js';
import type { BookRefundInput, ItemRow, OrderActor, OrderRow, OrdersService } from '../orders/index.js';
import type { PickupsService } from './pickups.service.js';
import type { NewReturn, ReturnRow } from './returns.repository.js';
import * as repository from './returns.repository.js';

// The returns module's steps of a refund-or-replace decision (ADR 081). The sequence, and the steps of other
// modules between them (the refund booked by the orders module, stock taken by the catalog), is the
// return-and-refund flow's (`flows/return-and-refund.ts`); each step here touches the return's own rows, its
// order's timeline and the customer's mail.

export interface ReturnCaller {
  kind: 'customer' | 'merchant' | 'admin' | 'partner';
  userId: string;
  role: string | null;
  storeId?: string;
}

export function actorOf(caller: ReturnCaller): OrderActor {
  if (caller.kind === 'admin') {
    const role = caller.role === 'superadmin' ? 'superadmin' : 'admin';
    return { role, id: caller.userId };
  }
  return { role: caller.kind === 'partner' ? 'partner' : caller.kind, id: caller.userId };
}

export function canSeeReturn(row: ReturnRow, caller: ReturnCaller): boolean {
  if (caller.kind === 'admin') return true;
  if (caller.kind === 'merchant') return Boolean(caller.storeId) && row.storeId === caller.storeId;
  if (caller.kind === 'customer') return row.customerId === caller.userId;
  return false;
}

/** The store decides refund or replace from here. */
export const decidable = new Set<ReturnStatus>(['approved', 'item_received']);

/** The platform's decision note, as the mail of an upheld dispute says it. */
const platformSays = (row: ReturnRow) =>
  row.disputeStatus === 'upheld' && row.disputeNote
    ? ` The platform reviewed your dispute: ${row.disputeNote}`
    : '';

/** What the decision steps work with: the platform's deps, the orders module, the customer's address, pickups. */
export interface DecisionContext {
  deps: Deps;
  orders: OrdersService;
  pickups: Pick<PickupsService, 'open'>;
}

/**
 * Tells the customer what was decided about their return, by mail. The mail is written to the outbox in the
 * decision's transaction, so it goes out only if the decision commits (ADR 017).
 */
export async function tellCustomer(
  ctx: DecisionContext,
  tx: Db,
  row: ReturnRow,
  subject: string,
  sentence: string,
) {
  // The list in the app (and SMS where chosen) hears of it too; the mail below is the decision's record.
  await ctx.deps.events.emit(tx, {
    kind: 'return.decided',
    key: `return.decided:${row.id}:${row.status}:${row.disputeStatus}`,
    audience: [{ user: row.customerId }],
    params: {
      orderId: row.orderId,
      orderNumber: row.orderName,
      decision: subject.replace(/^Your (return|replacement) (is |was )?/i, '').toLowerCase() || 'decided',
      next: sentence,
    },
  });
  const customer = await findAccountById(tx, row.customerId);
  if (!customer) return;
  await ctx.deps.mailer.send(tx, {
    to: customer.email,
    subject: `${subject} (${row.orderName})`,
    paragraphs: [
      `Hello ${customer.firstName},`,
      sentence,
      `Follow your order without signing in: ${trackingUrlMaker(ctx.deps.config)(row.orderId, ctx.deps.now())}`,
    ],
    action: { label: 'See your order', url: `${ctx.deps.config.publicUrl}/account/orders/${row.orderId}` },
  });
}

/** The return ends (refunded, replaced, rejected, closed): the order may complete again. */
export async function release(ctx: DecisionContext, tx: Db, order: OrderRow, row: ReturnRow) {
  if (order.orderReturnId === row.id) await ctx.orders.setOrderReturn(tx, order.id, null);
}

/**
 * Runs `work` with the return's order and the return locked, in that order (the order first, as every order write
 * does), after checking the caller may see it; anything else is a 404.
 */
async function withLockedReturn<T>(
  ctx: DecisionContext,
  returnId: string,
  caller: ReturnCaller,
  work: (tx: Db, row: ReturnRow, order: OrderRow) => Promise<T>,
): Promise<T> {
  return ctx.deps.db.transaction(async (tx) => {
    const seen = await repository.findReturn(tx, returnId);
    if (!seen || !canSeeReturn(seen, caller)) throw notFound('Return not found');
    const order = await ctx.orders.lockOrder(tx, seen.orderId);
    const row = await repository.lockReturn(tx, returnId);
    if (!order || !row) throw notFound('Return not found');
    return work(tx, row, order);
  });
}

/** The store's decision: refused unless the return is approved or its goods received; audited. */
async function recordStoreDecision(
  tx: Db,
  row: ReturnRow,
  order: OrderRow,
  decision: 'refund' | 'replace',
  note: string | undefined,
) {
  if (!decidable.has(row.status)) {
    throw conflict(
      `Return is ${returnStatusNames[row.status]}; refund or replacement is decided once, after approval`,
    );
  }
  await recordAudit(tx, {
    action: 'return.decide',
    subjectType: 'return',
    subjectId: row.id,
    storeId: order.storeId,
    before: { status: row.status },
    after: { decision },
    reason: note ?? null,
  });
}

/** The platform upholds the customer's dispute: refused unless one is open; audited; the store is told. */
async function recordUpheld(
  ctx: DecisionContext,
  tx: Db,
  row: ReturnRow,
  order: OrderRow,
  decision: 'refund' | 'replace',
  note: string | undefined,
): Promise<ReturnRow> {
  if (row.disputeStatus !== 'open') throw conflict('Only a disputed return can be decided by the platform');
  const disputed = await repository.updateReturn(tx, row.id, {
    disputeStatus: 'upheld',
    disputeNote: note ?? null,
    updatedAt: ctx.deps.now(),
  });
  await recordAudit(tx, {
    action: 'dispute.decide',
    subjectType: 'return',
    subjectId: row.id,
    storeId: order.storeId,
    before: { disputeStatus: row.disputeStatus },
    after: { disputeStatus: 'upheld', decision },
    reason: note ?? null,
  });
  await ctx.deps.events.emit(tx, {
    kind: 'dispute.decided',
    key: `dispute.decided:${row.id}`,
    audience: [{ store: order.storeId, permission: 'returns:write' }],
    params: {
      orderId: order.id,
      orderNumber: order.orderName,
      returnId: row.id,
      outcome: decision === 'refund' ? 'the customer is refunded' : 'a replacement is sent',
      reason: note ?? null,
    },
  });
  return disputed;
}

/**
 * An upheld return's goods come back as a store-approved return's do (ADR 060, 081; issue 34 item 12): a pickup
 * waits for a carrier, the customer gets a pickup token when one is assigned. The store rejected the return before
 * any pickup, so the goods are still with the customer.
 */
async function collectUpheld(
  ctx: DecisionContext,
  tx: Db,
  row: ReturnRow,
  order: OrderRow,
  caller: ReturnCaller,
) {
  await ctx.pickups.open(tx, row);
  await ctx.orders.note(
    tx,
    order,
    actorOf(caller),
    'The platform upheld your dispute. A carrier will collect the items and take them back to the store; you will get a pickup token.',
  );
}

/** What refunding the return books: its units, its reason, and who bears it (the store unless decided). */
function refundOf(row: ReturnRow, order: OrderRow, caller: ReturnCaller): BookRefundInput {
  return {
    orderId: order.id,
    returnId: row.id,
    kind: 'return',
    lines: row.lines.map((line) => ({ orderItemId: line.orderItemId, quantity: line.quantity })),
    reason:
      `Return ${row.type === 'replace' ? '(replacement asked) ' : ''}of ${order.orderName}: ${row.reason}`.slice(
        0,
        500,
      ),
    actor: actorOf(caller),
    chargedTo: row.chargeback ?? 'merchant',
  };
}

/**
 * The return decided (refunded or replaced): its row takes the decision and the store's note, and the order may
 * complete again.
 */
async function closeReturn(
  ctx: DecisionContext,
  tx: Db,
  row: ReturnRow,
  order: OrderRow,
  decision: Pick<NewReturn, 'status'> & Partial<Pick<NewReturn, 'refundKobo' | 'replacementOrderId'>>,
  note?: string,
) {
  const updated = await repository.updateReturn(tx, row.id, {
    ...decision,
    ...(note ? { merchantNote: note } : {}),
    updatedAt: ctx.deps.now(),
  });
  await release(ctx, tx, order, updated);
  return updated;
}

/** The return refunded: its row, and the order may complete again. */
async function markRefunded(
  ctx: DecisionContext,
  tx: Db,
  row: ReturnRow,
  order: OrderRow,
  amountKobo: number,
  note?: string,
) {
  return closeReturn(ctx, tx, row, order, { status: 'refunded', refundKobo: amountKobo }, note);
}

/** The customer is told of the refund: on the order's timeline and by mail. */
async function tellRefunded(
  ctx: DecisionContext,
  tx: Db,
  updated: ReturnRow,
  order: OrderRow,
  caller: ReturnCaller,
  amountKobo: number,
) {
  await ctx.orders.note(
    tx,
    order,
    actorOf(caller),
    `Refund of ₦${koboToNaira(amountKobo).toLocaleString('en-NG', { minimumFractionDigits: 2 })} for the returned items is on its way.`,
  );
  await tellCustomer(
    ctx,
    tx,
    updated,
    'Your return is refunded',
    `${order.storeName} refunded ${formatNaira(amountKobo)} for the items you returned from order ${order.orderName}. ` +
      'Money paid by card goes back to the card (your bank may take a few days); gift-card money is back on the card now.' +
      platformSays(updated),
  );
}

/** The order's items a replacement sends again, as the return lists them. */
async function replacementLines(ctx: DecisionContext, tx: Db, row: ReturnRow, order: OrderRow) {
  const items = await ctx.orders.itemsOf(tx, order.id);
  return row.lines.map((line) => {
    const item: ItemRow | undefined = items.find((candidate) => candidate.id === line.orderItemId);
    if (!item) throw conflict('An item of this return is no longer on the order');
    return { item, quantity: line.quantity };
  });
}

/** The return replaced by `replacement`: its row, and the order may complete again. */
async function markReplaced(
  ctx: DecisionContext,
  tx: Db,
  row: ReturnRow,
  order: OrderRow,
  replacement: OrderRow,
  note?: string,
) {
  return closeReturn(
    ctx,
    tx,
    row,
    order,
    { status: 'replacement_sent', replacementOrderId: replacement.id },
    note,
  );
}

/** The customer is told of the replacement: on the order's timeline and by mail. */
async function tellReplaced(
  ctx: DecisionContext,
  tx: Db,
  updated: ReturnRow,
  order: OrderRow,
  caller: ReturnCaller,
  replacement: OrderRow,
) {
  await ctx.orders.note(
    tx,
    order,
    actorOf(caller),
    `A replacement was sent as order ${replacement.orderName}.`,
  );
  await tellCustomer(
    ctx,
    tx,
    updated,
    'Your replacement is on its way',
    `${order.storeName} is sending you a replacement for the items you returned from order ${order.orderName}, as order ${replacement.orderName}. You can follow it like any order.${platformSays(updated)}`,
  );
}

/**
 * A return decided (refunded or replaced) after the store received its goods, covering every unit of the order: the
 * order itself becomes Returned, in the decision's transaction, so `returned` never stands without its money step
 * (ADR 040). The machine refuses the move unless these facts hold. `received` is the return as it was before the
 * decision. Answers the order Returned (for the flow to book its money in this transaction), or none.
 */
async function returnOrderIfWhole(
  ctx: DecisionContext,
  tx: Db,
  received: ReturnRow,
  order: OrderRow,
  caller: ReturnCaller,
  decided: 'refund' | 'replace',
): Promise<OrderRow | undefined> {
  if (order.status !== 'delivered' || received.status !== 'item_received') return undefined;
  const items = await ctx.orders.itemsOf(tx, order.id);
  const coversEveryUnit = items.every(
    (item) => (received.lines.find((line) => line.orderItemId === item.id)?.quantity ?? 0) >= item.quantity,
  );
  if (!coversEveryUnit) return undefined;
  return ctx.orders.transition(tx, order.id, 'returned', actorOf(caller), {
    activity: 'Your order went back to the store.',
    settledReturn: { approved: true, goodsReceived: true, decided, coversEveryUnit },
  });
}

/** Binds `ctx` as the first argument of a step, so callers name the steps without it. */
export const bind =
  <C, A extends unknown[], R>(ctx: C, step: (ctx: C, ...args: A) => R) =>
  (...args: A) =>
    step(ctx, ...args);

export function createReturnDecisions(
  deps: Deps,
  orders: OrdersService,
  pickups: Pick<PickupsService, 'open'>,
) {
  const ctx: DecisionContext = { deps, orders, pickups };
  return {
    withLockedReturn: <T>(
      returnId: string,
      caller: ReturnCaller,
      work: (tx: Db, row: ReturnRow, order: OrderRow) => Promise<T>,
    ) => withLockedReturn(ctx, returnId, caller, work),
    recordStoreDecision,
    recordUpheld: bind(ctx, recordUpheld),
    collectUpheld: bind(ctx, collectUpheld),
    refundOf,
    markRefunded: bind(ctx, markRefunded),
    tellRefunded: bind(ctx, tellRefunded),
    replacementLines: bind(ctx, replacementLines),
    markReplaced: bind(ctx, markReplaced),
    tellReplaced: bind(ctx, tellReplaced),
    returnOrderIfWhole: bind(ctx, returnOrderIfWhole),
  };
}

export type ReturnDecisions = ReturnType<typeof createReturnDecisions>;
