import type { Deps } from '../../platform/deps.js';
import type { ServerModule } from '../../platform/http/module.js';
import { carrierDayRoutes } from './carrier-day.routes.js';
import { type CarrierDayService, createCarrierDayService } from './carrier-day.service.js';

export type { CarrierDayService, StorePlace } from './carrier-day.service.js';
export { mapSearchUrl } from './carrier-day.service.js';

/** A carrier's day (issue 35 item 7): reads of the orders, returns and stores modules; no tables. */
export function createCarrierDayModule(deps: Deps): ServerModule<CarrierDayService> {
  const service = createCarrierDayService(deps);
  return { service, routes: carrierDayRoutes(service) };
}
