import type { OrderStatusCode } from '@market/contracts';
import type { Db } from '../../platform/db/client.js';
import { type AppError, conflict, notFound } from '../../platform/errors.js';
import type { FulfilmentCaller } from './fulfilment.context.js';
import { roleOf } from './fulfilment.moves.js';
import { holdsAssignment, knownNameOfStatus, moveBetween, offeredMoves } from './order-status.js';
import type { OrderRow } from './orders.repository.js';
import * as repository from './orders.repository.js';

// Who may see an order of the fulfilment chain and which moves they may make on it.

/** Whether the caller may see this order at all; anything else is a 404, so ids of others leak nothing. */
export const readsAllOrders = (caller: FulfilmentCaller) =>
  caller.kind === 'admin' && caller.permissions.includes('orders:read-all');
export const carries = (order: OrderRow, caller: FulfilmentCaller) =>
  order.carrierKind === 'dispatcher' && order.dispatcherId === caller.userId;

export function canSee(order: OrderRow, caller: FulfilmentCaller): boolean {
  if (order.status === 'awaiting_payment') return false;
  switch (caller.kind) {
    case 'merchant':
      return Boolean(caller.storeId) && order.storeId === caller.storeId;
    case 'partner':
      return order.partnerId === caller.userId;
    case 'admin':
      // A dispatcher reads the orders they carry; the queue they assign from comes as summaries (issue 24).
      return readsAllOrders(caller) || carries(order, caller);
    default:
      return order.customerId === caller.userId;
  }
}

/**
 * Moves of the table the caller may make on this very order through update-order: the machine's `offeredMoves`
 * (their assignment for a carrying move; never a move only the returns module or the system makes).
 */
export function allowedFor(order: OrderRow, caller: FulfilmentCaller): OrderStatusCode[] {
  return offeredMoves(order, { role: roleOf(caller), id: caller.userId });
}

export async function visibleOrder(
  executor: Db,
  orderId: string,
  caller: FulfilmentCaller,
  lock = false,
  /** Assigning: an admin allowed to assign reaches any paid order, to assign it, without reading it. */
  toAssign = false,
) {
  const order = lock
    ? await repository.lockOrder(executor, orderId)
    : await repository.findOrder(executor, orderId);
  const reachable =
    order &&
    (toAssign && caller.kind === 'admin' ? order.status !== 'awaiting_payment' : canSee(order, caller));
  if (!order || !reachable) throw notFound('Order not found');
  return order;
}

export function refusal(order: OrderRow, to: OrderStatusCode, caller: FulfilmentCaller): AppError {
  const role = roleOf(caller);
  const move = moveBetween(order.status, to);
  const from = knownNameOfStatus(order.status);
  if (move?.roles.includes(role)) {
    if (move.settles === 'settled_return') {
      return conflict(
        `Order is ${from}; it becomes Returned only when the store has received an approved return of every item and refunded or replaced it`,
      );
    }
    if (move.byAssignee && !holdsAssignment(order, { role, id: caller.userId })) {
      return conflict(`Order is ${from}; only its own carrier can move it to ${knownNameOfStatus(to)}`);
    }
  }
  return conflict(`Order is ${from}; it cannot move to ${knownNameOfStatus(to)}${move ? ` as ${role}` : ''}`);
}
