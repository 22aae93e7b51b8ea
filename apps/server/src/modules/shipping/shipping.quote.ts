import { findLga, findState, type ShippingRule } from '@market/contracts';
import type { Db } from '../../platform/db/client.js';
import { AppError, validation } from '../../platform/errors.js';
import { findStoreShippingPlaces, findStoresShippingPlaces } from '../stores/index.js';
import {
  chargeableHalfKilos,
  chooseVehicle,
  type FeeParts,
  feeFor,
  lagosCaseOf,
  lagosFlags,
  type ShipmentItem,
} from './shipping.fees.js';
import { type RateCardCache, rateSource } from './shipping.rate-card.js';

export const PRICING_NOT_SET_UP = 'Shipping prices are not set up yet';

export interface Place {
  state: string;
  lga?: string;
}

export interface QuoteInput {
  origin: Place;
  destination: Place;
  items: ShipmentItem[];
}

export interface ZoneRef {
  id: string;
  name: string;
}

export interface QuoteResult extends FeeParts {
  rule: ShippingRule;
  chargeableWeightKg: number;
  vehicle: { id: string; name: string } | null;
  withinLagos: boolean;
  lagosMerchant: boolean;
  lagosCustomer: boolean;
  fromZone: ZoneRef | null;
  toZone: ZoneRef | null;
  origin: { state: string; lga: string | null };
  destination: { state: string; lga: string | null };
}

const unavailable = (message: string) => new AppError('SERVICE_UNAVAILABLE', message);

/** Canonical state and LGA; 422 on the given path when either is not of Nigeria. */
function canonicalPlace(place: Place, path: string): { state: string; lga: string | null } {
  const state = findState(place.state);
  if (!state) throw validation(`${path}.state`, 'Choose one of the 36 states or the FCT');
  if (place.lga === undefined || place.lga.trim() === '') return { state: state.name, lga: null };
  const lga = findLga(state, place.lga);
  if (!lga) throw validation(`${path}.lga`, `Choose an LGA of ${state.name}`);
  return { state: state.name, lga };
}

/**
 * Prices one shipment from a store's place to a customer's place. Throws 503 when no rates exist or the rate
 * this delivery needs is missing, 422 when a state is outside every zone or nothing carries the weight.
 * Works inside the caller's transaction (`executor`), so checkout can quote and save in one.
 */
export async function quoteShipment(
  executor: Db,
  input: QuoteInput,
  cache?: RateCardCache,
): Promise<QuoteResult> {
  const origin = canonicalPlace(input.origin, 'origin');
  const destination = canonicalPlace(input.destination, 'destination');
  const flags = lagosFlags(origin.state, destination.state);
  const rates = rateSource(executor, cache);
  const zones = await rates.zonesOf([origin.state, destination.state]);
  const fromZone = zones.get(origin.state) ?? null;
  const toZone = zones.get(destination.state) ?? null;
  const halfKilos = chargeableHalfKilos(input.items);
  const base = { ...flags, fromZone, toZone, origin, destination };

  // Digital goods travel by mail, not by van: nothing to price, even before a rate card exists.
  if (halfKilos === 0) {
    return {
      ...base,
      rule: 'digital',
      chargeableWeightKg: 0,
      vehicle: null,
      baseKobo: 0,
      weightKobo: 0,
      surchargeKobo: 0,
      feeKobo: 0,
    };
  }
  if (!(await rates.anyRate())) throw unavailable(PRICING_NOT_SET_UP);

  const lagosCase = lagosCaseOf(flags);
  let rule: ShippingRule;
  let rate: { baseKobo: number; perKgKobo: number } | undefined;
  if (lagosCase) {
    rule = lagosCase;
    rate = await rates.lagosRate(lagosCase);
    if (!rate) throw unavailable(`${PRICING_NOT_SET_UP} for deliveries touching Lagos`);
  } else {
    rule = 'zone';
    if (!fromZone) throw unavailable(`We do not ship from ${origin.state} yet`);
    if (!toZone) throw validation('destination.state', `We do not deliver to ${destination.state} yet`);
    rate = await rates.zoneRate(fromZone.id, toZone.id);
    if (!rate) throw unavailable(`${PRICING_NOT_SET_UP} from ${fromZone.name} to ${toZone.name}`);
  }

  const vehicles = await rates.vehicles();
  const betweenStates = origin.state !== destination.state;
  const vehicle = chooseVehicle(vehicles, halfKilos, { betweenStates });
  if (!vehicle && vehicles.length > 0) {
    const able = vehicles.filter((candidate) => candidate.betweenStates || !betweenStates);
    const largest = able.at(-1);
    throw validation(
      'items',
      largest
        ? `This shipment is too heavy to deliver (${halfKilos / 2} kg; the largest vehicle carries ${largest.maxWeightGrams / 1000} kg)`
        : `No vehicle delivers from ${origin.state} to ${destination.state} yet`,
    );
  }
  return {
    ...base,
    rule,
    chargeableWeightKg: halfKilos / 2,
    vehicle: vehicle ? { id: vehicle.id, name: vehicle.name } : null,
    ...feeFor(rate, halfKilos, vehicle?.surchargeKobo ?? 0),
  };
}

/**
 * Where a store ships from: its profile's shipping location (state only, so the LGA comes from the merchant's
 * pickup location when that is in the same state), else the merchant's pickup location. Undefined when the
 * store does not exist or has set neither.
 */
export async function storeOrigin(executor: Db, storeId: string): Promise<Place | undefined> {
  const places = await findStoreShippingPlaces(executor, storeId);
  return places ? originOf(places) : undefined;
}

/** `storeOrigin` of several stores in one read (a checkout's stores, ADR 033); a store without one is not in the map. */
export async function storeOrigins(
  executor: Db,
  storeIds: string[],
  /** The stores' places as the caller has just read them (the products for sale do, ADR 055): not read again. */
  known?: Map<string, Parameters<typeof originOf>[0]>,
): Promise<Map<string, Place>> {
  const origins = new Map<string, Place>();
  const read =
    known && storeIds.every((storeId) => known.has(storeId))
      ? known
      : await findStoresShippingPlaces(executor, storeIds);
  for (const [storeId, places] of read) {
    const origin = originOf(places);
    if (origin) origins.set(storeId, origin);
  }
  return origins;
}

function originOf(places: {
  shippingLocation: { state: string } | null;
  pickupLocation: { state: string; lga: string } | null;
}): Place | undefined {
  const pickup = places.pickupLocation;
  const pickupState = pickup ? findState(pickup.state)?.name : undefined;
  const shippingState = places.shippingLocation ? findState(places.shippingLocation.state)?.name : undefined;
  if (shippingState) {
    return pickup && pickupState === shippingState
      ? { state: shippingState, lga: pickup.lga }
      : { state: shippingState };
  }
  if (pickup && pickupState) return { state: pickupState, lga: pickup.lga };
  return undefined;
}
