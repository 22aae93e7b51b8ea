import type { Deps } from '../../platform/deps.js';
import type { ServerModule } from '../../platform/http/module.js';
import { payOnDeliveryRoutes } from './pay-on-delivery.routes.js';
import { createPayOnDeliveryService, type PayOnDeliveryService } from './pay-on-delivery.service.js';

/** Why a carrier may take no more orders paid at the door (its cash held at the limit), or null: a plain read. */
export { carrierRefusal } from './pay-on-delivery.door.js';
export type {
  PayOnDeliveryService,
  PodCarrier,
  PodOrder,
  PricedCart,
} from './pay-on-delivery.service.js';
export { POD_DEFAULTS } from './pay-on-delivery.service.js';

/**
 * Pay on delivery (ADR 074): the admin's rules, stores' opt-in, the cash carriers take at the door and remit. Its
 * money is booked by the ledger in the pay-on-delivery flow (flows/pay-on-delivery.ts), which also owns the routes
 * that price the cart or book a remittance.
 */
export function createPayOnDeliveryModule(deps: Deps): ServerModule<PayOnDeliveryService> {
  const service = createPayOnDeliveryService(deps);
  return { service, routes: payOnDeliveryRoutes(service) };
}
