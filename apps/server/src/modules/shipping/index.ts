import type { Deps } from '../../platform/deps.js';
import type { ServerModule } from '../../platform/http/module.js';
import { shippingRoutes } from './shipping.routes.js';
import { createShippingService, type ShippingService } from './shipping.service.js';

export { seedShippingDefaults } from './shipping.seed.js';
export {
  type Place,
  type QuoteInput,
  type QuoteResult,
  quoteShipment,
  type ShippingService,
  storeOrigin,
} from './shipping.service.js';

/** Zones, vehicles, prices and fee quotes; served on the shipping surface and the main API. */
export function createShippingModule(deps: Deps): ServerModule<ShippingService> {
  const service = createShippingService(deps);
  return { service, routes: shippingRoutes(service) };
}
