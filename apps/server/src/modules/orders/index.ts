import type { Deps } from '../../platform/deps.js';
import { ordersRoutes } from './orders.routes.js';
import { createOrdersService } from './orders.service.js';

// The orders module's public face: other modules import only from here.

export function createOrdersModule(deps: Deps) {
  const service = createOrdersService(deps);
  return { service, routes: ordersRoutes(service) };
}

export type { ActorRole, OrderActor, OrderMove, OrderStatusRule } from './order-status.js';
export { actorRoles, orderStatusTable } from './order-status.js';
export type { OrderRow, TrackerRow } from './orders.repository.js';
export type { DeliveryAddress, RefundStatus } from './orders.schema.js';
export type {
  CheckoutInput,
  CheckoutOrderInput,
  OrdersService,
  TransitionEvidence,
} from './orders.service.js';
