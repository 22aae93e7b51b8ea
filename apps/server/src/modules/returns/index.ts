import type { Deps } from '../../platform/deps.js';
import type { ServerModule } from '../../platform/http/module.js';
import type { OrdersService, RefundsService } from '../orders/index.js';
import { createPickupsService, type PickupNeeds } from './pickups.service.js';
import { pickupRoutes, returnsRoutes } from './returns.routes.js';
import { createReturnsService, type ReturnsNeeds, type ReturnsService } from './returns.service.js';

export { anonymiseReturns, returnsForExport } from './personal-data.js';
export type { PickupNeeds, PickupsService } from './pickups.service.js';
export { carriedOpenPickups } from './returns.repository.js';
export type { ReturnCaller, ReturnsNeeds, ReturnsService } from './returns.service.js';

/**
 * Returns and replacements (issue 8): the return requests and their decisions. Order writes (notes, the replacement
 * order, the Returned move) and refunds go through the orders module.
 */
export function createReturnsModule(
  deps: Deps,
  parts: { orders: OrdersService; refunds: RefundsService },
  needs: ReturnsNeeds & PickupNeeds,
): ServerModule<ReturnsService> {
  const pickups = createPickupsService(deps, parts.orders, needs);
  const service = createReturnsService(deps, parts.orders, parts.refunds, needs, pickups);
  return { service, routes: [...returnsRoutes(deps, service), ...pickupRoutes(pickups)] };
}
