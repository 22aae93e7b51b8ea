import type { Deps } from '../../platform/deps.js';
import type { ServerModule } from '../../platform/http/module.js';
import type { OrdersService, RefundsService } from '../orders/index.js';
import { createPickupsService } from './pickups.service.js';
import { createReturnDecisions, type ReturnDecisions } from './returns.decisions.js';
import { createReturnMoves, type ReturnMoves } from './returns.moves.js';
import { pickupRoutes, returnsRoutes } from './returns.routes.js';
import { createReturnsService, type ReturnsNeeds, type ReturnsService } from './returns.service.js';

export { anonymiseReturns, returnsForExport } from './personal-data.js';
export type { PickupsService } from './pickups.service.js';
export { actorOf as returnActorOf, type ReturnDecisions } from './returns.decisions.js';
export type { ReturnMoves } from './returns.moves.js';
export type { ReturnRow } from './returns.repository.js';
export { carriedOpenPickups } from './returns.repository.js';
export { callerOf as returnCallerOf } from './returns.routes.js';
export type { ReturnCaller, ReturnsNeeds, ReturnsService } from './returns.service.js';

/**
 * Returns and replacements (issue 8): the return requests and their moves. Order writes (notes, the Returned move)
 * go through the orders module. A refund-or-replace decision is the return-and-refund flow's sequence
 * (`flows/return-and-refund.ts`, ADR 081), over the steps `decisions` names; so are a return's move and an admin's
 * decision on a refund, over the steps `moves` names (ADR 091).
 */
export function createReturnsModule(
  deps: Deps,
  parts: { orders: OrdersService; refunds: RefundsService },
  needs: ReturnsNeeds,
): ServerModule<ReturnsService> & { decisions: ReturnDecisions; moves: ReturnMoves } {
  const pickups = createPickupsService(deps, parts.orders);
  const decisions = createReturnDecisions(deps, parts.orders, pickups);
  const moves = createReturnMoves({ deps, orders: parts.orders, pickups });
  const service = createReturnsService(deps, parts.orders, parts.refunds, needs, pickups, decisions);
  return { service, decisions, moves, routes: [...returnsRoutes(deps, service), ...pickupRoutes(pickups)] };
}
export {
  type LateReturnToTell,
  type LateReturnWaiting,
  lateReturnsToTell,
  lateReturnsWaiting,
} from './late-returns.js';
