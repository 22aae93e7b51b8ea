import { type BatchOrderAnswer, type BatchOrderResult, orderBatchEndpoints } from '@market/contracts';
import { AppError } from '../../platform/errors.js';
import { type RouteDefinition, route } from '../../platform/http/routes.js';
import { callerOf } from './fulfilment.routes.js';
import type { FulfilmentService } from './fulfilment.service.js';

type Status = BatchOrderResult['orderStatus'] & {};

/**
 * Runs one move per order, one after another, each in its own transaction with the order's row locked (the single
 * move's own code): an order two clicks name at once moves once, and the second answers the rule it now breaks.
 * A refusal is that order's result; anything else (a bug, a lost database) fails the request as usual. The batch
 * of moves is the order-fulfilment flow's route (each order's move is that flow's sequence); assignment is here.
 */
export async function eachOrder(
  orderIds: string[],
  move: (orderId: string) => Promise<Status>,
): Promise<BatchOrderAnswer> {
  const results: BatchOrderResult[] = [];
  for (const orderId of new Set(orderIds)) {
    try {
      const orderStatus = await move(orderId);
      results.push({
        orderId,
        ok: true,
        orderStatus,
        error: null,
        message: `Order is now ${orderStatus.known_name}`,
      });
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      results.push({ orderId, ok: false, orderStatus: null, error: error.code, message: error.message });
    }
  }
  const moved = results.filter((result) => result.ok).length;
  return { results, moved, refused: results.length - moved };
}

export const movedSummary = (answer: BatchOrderAnswer, done: string) =>
  answer.refused === 0
    ? `${answer.moved} order${answer.moved === 1 ? '' : 's'} ${done}`
    : `${answer.moved} order${answer.moved === 1 ? '' : 's'} ${done}; ${answer.refused} could not be`;

export function orderBatchRoutes(fulfilment: FulfilmentService): RouteDefinition[] {
  return [
    route(orderBatchEndpoints.adminAssign, async ({ auth, body }) => {
      const caller = callerOf(auth);
      const answer = await eachOrder(body.orderIds, async (orderId) => {
        const assigned = await fulfilment.assign(orderId, caller, body.assignment);
        return assigned.orderStatus;
      });
      return { message: movedSummary(answer, 'assigned'), data: answer };
    }),
  ];
}
