import { bound } from '../../platform/bound.js';
import type { Deps } from '../../platform/deps.js';
import { calculate } from './shipping.calculate.js';
import type { ShippingContext } from './shipping.context.js';
import { getPricing, locations, replacePricing } from './shipping.pricing.js';
import { getVehicle, listVehicles, updateVehicle } from './shipping.vehicles.js';
import { createZone, deleteZone, listZones, updateZone } from './shipping.zones.js';

export {
  type Place,
  PRICING_NOT_SET_UP,
  type QuoteInput,
  type QuoteResult,
  quoteShipment,
  storeOrigin,
  storeOrigins,
  type ZoneRef,
} from './shipping.quote.js';
export {
  createRateCardCache,
  RATE_CARD_CHANGED,
  type RateCard,
  type RateCardCache,
} from './shipping.rate-card.js';

/**
 * Shipping as named functions of one context (ADR 091, 104): zones in `shipping.zones.ts`, prices and where they
 * reach in `.pricing.ts`, vehicles in `.vehicles.ts`, a customer's quote in `.calculate.ts` (priced by
 * `quoteShipment`, `.quote.ts`, from the rate card, `.rate-card.ts`); bound here. The module wraps the writes so
 * that each drops the cached rate card (`index.ts`).
 */
export function createShippingService(deps: Deps) {
  const ctx: ShippingContext = { db: deps.db };
  return {
    listZones: bound(ctx, listZones),
    createZone: bound(ctx, createZone),
    updateZone: bound(ctx, updateZone),
    deleteZone: bound(ctx, deleteZone),
    getPricing: bound(ctx, getPricing),
    replacePricing: bound(ctx, replacePricing),
    listVehicles: bound(ctx, listVehicles),
    getVehicle: bound(ctx, getVehicle),
    updateVehicle: bound(ctx, updateVehicle),
    calculate: bound(ctx, calculate),
    locations: bound(ctx, locations),
  };
}

export type ShippingService = ReturnType<typeof createShippingService>;
