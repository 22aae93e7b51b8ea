import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import type { ServerModule } from '../../platform/http/module.js';
import { findZonesByIds } from './shipping.repository.js';
import { shippingRoutes } from './shipping.routes.js';
import { createShippingService, type RateCardCache, type ShippingService } from './shipping.service.js';

export { zonesOfStates } from './shipping.repository.js';
export { seedShippingDefaults } from './shipping.seed.js';
export {
  createRateCardCache,
  type Place,
  type QuoteInput,
  type QuoteResult,
  quoteShipment,
  type RateCardCache,
  type ShippingService,
  storeOrigin,
  storeOrigins,
} from './shipping.service.js';

/** Zones, vehicles, prices and fee quotes; served on the shipping surface and the main API. */
export function createShippingModule(deps: Deps, rateCards?: RateCardCache): ServerModule<ShippingService> {
  const service = createShippingService(deps);
  if (rateCards) {
    // Every write of zones, prices or vehicles drops the cached rate card, also when it fails half-way.
    for (const name of [
      'createZone',
      'updateZone',
      'deleteZone',
      'replacePricing',
      'updateVehicle',
    ] as const) {
      const write = service[name] as (...args: never[]) => Promise<unknown>;
      (service as Record<typeof name, unknown>)[name] = (...args: never[]) =>
        write(...args).finally(() => rateCards.invalidate());
    }
  }
  return { service, routes: shippingRoutes(service) };
}

/** Which of these zone ids name existing zones (pay on delivery's zones, ADR 074). */
export async function existingZoneIds(executor: Db, ids: string[]): Promise<string[]> {
  return (await findZonesByIds(executor, ids)).map((zone) => zone.id);
}
