import type { Deps } from '../../platform/deps.js';
import type { ServerModule } from '../../platform/http/module.js';
import { payOnDeliveryRoutes } from './pay-on-delivery.routes.js';
import {
  createPayOnDeliveryService,
  type PayOnDeliveryNeeds,
  type PayOnDeliveryService,
} from './pay-on-delivery.service.js';

export type {
  PayOnDeliveryNeeds,
  PayOnDeliveryService,
  PodCarrier,
  PodOrder,
} from './pay-on-delivery.service.js';
export { POD_DEFAULTS } from './pay-on-delivery.service.js';

/**
 * Pay on delivery (ADR 074): the admin's rules, stores' opt-in, the cash carriers take at the door and remit. Its
 * money is booked by the ledger through `needs.books` (the pay-on-delivery flow).
 */
export function createPayOnDeliveryModule(
  deps: Deps,
  needs: PayOnDeliveryNeeds,
): ServerModule<PayOnDeliveryService> {
  const service = createPayOnDeliveryService(deps, needs);
  return { service, routes: payOnDeliveryRoutes(service) };
}
