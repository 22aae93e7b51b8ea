import {
  findLga,
  findState,
  koboToNaira,
  lagosCases,
  nairaToKobo,
  nigerianStates,
  type ShippingPricing,
  type ShippingQuote,
  type ShippingRule,
  type ShippingServedLocation,
  type ShippingVehicle,
  type ShippingZone,
  type ShippingZoneBody,
  type shippingPricingBody,
  type shippingVehicleUpdateBody,
  type shippingZoneUpdateBody,
} from '@market/contracts';
import type { z } from 'zod';
import type { ChangeBus } from '../../platform/changes/index.js';
import type { Db } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, conflict, notFound, validation } from '../../platform/errors.js';
import { findCustomerAddress } from '../addresses/index.js';
import { findShippingFacts } from '../catalog/index.js';
import { findStoreShippingPlaces, findStoresShippingPlaces } from '../stores/index.js';
import {
  chargeableHalfKilos,
  chooseVehicle,
  type FeeParts,
  feeFor,
  LAGOS,
  lagosCaseOf,
  lagosFlags,
  type ShipmentItem,
} from './shipping.fees.js';
import {
  allZoneStates,
  deleteZone,
  findLagosRate,
  findVehicle,
  findZone,
  findZoneRate,
  findZonesByIds,
  hasAnyRate,
  insertZone,
  listLagosRates,
  listVehicles,
  listZoneRates,
  listZones,
  lockShippingSetup,
  renameZone,
  replaceRateCard,
  replaceZoneStates,
  statesHeldElsewhere,
  touchZone,
  updateVehicle,
  type VehicleRow,
  type ZoneRow,
  zonesOfStates,
} from './shipping.repository.js';

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
/** The whole rate card (zones of states, Lagos and zone rates, active vehicles), read in one go for the cache. */
export interface RateCard {
  zones: Map<string, { id: string; name: string }>;
  lagos: Map<string, { baseKobo: number; perKgKobo: number }>;
  zoneRates: Map<string, { baseKobo: number; perKgKobo: number }>;
  vehicles: Awaited<ReturnType<typeof listVehicles>>;
}

/** The change-bus topic of rate-card writes (ADR 043). */
export const RATE_CARD_CHANGED = 'shipping.rates';

/**
 * The rate card kept in process (ADR 031): every checkout prices shipping per store, and the card changes only when
 * an admin edits zones, prices or vehicles. A write announces itself on the change bus (ADR 043), which drops the
 * card in this process at once and in every other within about a second; `ttlMs` is a safety net for a lost
 * announcement. A card with no rates at all is never kept (the first rates a seed or an admin writes count at once).
 */
export function createRateCardCache(
  changes?: Pick<ChangeBus, 'publish' | 'subscribe'>,
  ttlMs = 30_000,
  clock: () => number = Date.now,
) {
  let cached: { card: RateCard; at: number } | undefined;
  let generation = 0;
  const drop = () => {
    generation += 1;
    cached = undefined;
  };
  changes?.subscribe(RATE_CARD_CHANGED, drop);
  return {
    async get(executor: Db): Promise<RateCard | undefined> {
      if (cached && clock() - cached.at < ttlMs) return cached.card;
      const started = generation;
      // One after another: the executor may be a transaction, whose one connection takes one query at a time.
      const zones = await allZoneStates(executor);
      const lagos = await listLagosRates(executor);
      const zoneRates = await listZoneRates(executor);
      const vehicles = await listVehicles(executor, true);
      if (lagos.length === 0 && zoneRates.length === 0) return undefined;
      const card: RateCard = {
        zones,
        lagos: new Map(lagos.map((row) => [row.lagosCase, row])),
        zoneRates: new Map(zoneRates.map((row) => [`${row.fromZoneId}|${row.toZoneId}`, row])),
        vehicles,
      };
      // A write that happened while reading makes this card suspect: use it once, keep nothing.
      if (started === generation) cached = { card, at: clock() };
      return card;
    },
    /** After a write of zones, prices or vehicles: here at once, elsewhere through the bus. */
    async invalidate(): Promise<void> {
      if (changes) await changes.publish(RATE_CARD_CHANGED);
      else drop();
    },
  };
}

export type RateCardCache = ReturnType<typeof createRateCardCache>;

/** Reads what a quote needs, from the cached card when there is one, else from the database as before. */
function rateSource(executor: Db, cache: RateCardCache | undefined) {
  const card = cache ? cache.get(executor) : Promise.resolve(undefined);
  return {
    async zonesOf(states: string[]) {
      const loaded = await card;
      if (!loaded) return zonesOfStates(executor, states);
      return new Map(
        states.flatMap((state) => (loaded.zones.has(state) ? [[state, loaded.zones.get(state)!]] : [])),
      );
    },
    async anyRate() {
      return (await card) ? true : hasAnyRate(executor);
    },
    async lagosRate(lagosCase: Parameters<typeof findLagosRate>[1]) {
      const loaded = await card;
      return loaded ? loaded.lagos.get(lagosCase) : findLagosRate(executor, lagosCase);
    },
    async zoneRate(fromZoneId: string, toZoneId: string) {
      const loaded = await card;
      if (!loaded) return findZoneRate(executor, fromZoneId, toZoneId);
      const chosen =
        loaded.zoneRates.get(`${fromZoneId}|${toZoneId}`) ??
        loaded.zoneRates.get(`${toZoneId}|${fromZoneId}`);
      return chosen ? { baseKobo: chosen.baseKobo, perKgKobo: chosen.perKgKobo } : undefined;
    },
    async vehicles() {
      return (await card)?.vehicles ?? listVehicles(executor, true);
    },
  };
}

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

function toZone(zone: ZoneRow & { states: string[] }): ShippingZone {
  return {
    id: zone.id,
    name: zone.name,
    states: zone.states,
    createdAt: zone.createdAt.toISOString(),
    updatedAt: zone.updatedAt.toISOString(),
  };
}

function toVehicle(row: VehicleRow): ShippingVehicle {
  return {
    id: row.id,
    name: row.name,
    maxWeightKg: row.maxWeightGrams / 1000,
    surcharge: koboToNaira(row.surchargeKobo),
    betweenStates: row.betweenStates,
    isActive: row.isActive,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const naira = (rate: { baseKobo: number; perKgKobo: number }) => ({
  baseFee: koboToNaira(rate.baseKobo),
  perKgFee: koboToNaira(rate.perKgKobo),
});

/** quoteShipment names fields of its own input; the HTTP answer names the query's fields instead. */
function asQueryError(error: unknown): unknown {
  if (!(error instanceof AppError) || error.code !== 'VALIDATION_ERROR' || !error.details) return error;
  const rename = (path: string) =>
    path === 'items' ? 'query.items' : path.startsWith('destination.') ? `query.${path.slice(12)}` : path;
  return new AppError(
    error.code,
    error.message,
    error.details.map((detail) => ({ ...detail, path: rename(detail.path) })),
  );
}

type ZoneUpdate = z.output<typeof shippingZoneUpdateBody>;
type PricingBody = z.output<typeof shippingPricingBody>;
type VehicleUpdate = z.output<typeof shippingVehicleUpdateBody>;

export function createShippingService(deps: Deps) {
  const { db } = deps;

  /** 409 naming the first state another zone holds. */
  async function assertStatesFree(tx: Db, states: string[], zoneId?: string) {
    const [held] = await statesHeldElsewhere(tx, states, zoneId);
    if (held) throw conflict(`${held.state} is already in the ${held.zoneName} zone`);
  }

  /** Zone names and states are unique: a race past the checks lands here and answers 409, not 500. */
  async function zoneWrite<T>(run: () => Promise<T>, name?: string): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw conflict(
          name
            ? `A zone named ${name} or one of its states already exists`
            : 'A state is already in another zone',
        );
      }
      throw error;
    }
  }

  async function pricing(executor: Db): Promise<ShippingPricing> {
    const lagos = await listLagosRates(executor);
    const zoneRates = await listZoneRates(executor);
    const lagosRate = (name: (typeof lagosCases)[number]) => {
      const row = lagos.find((entry) => entry.lagosCase === name);
      return row ? naira(row) : null;
    };
    return {
      isSetUp: lagos.length > 0 || zoneRates.length > 0,
      lagos: {
        withinLagos: lagosRate('withinLagos'),
        lagosMerchant: lagosRate('lagosMerchant'),
        lagosCustomer: lagosRate('lagosCustomer'),
      },
      zoneRates: zoneRates.map((row) => ({
        fromZone: { id: row.fromZoneId, name: row.fromZoneName },
        toZone: { id: row.toZoneId, name: row.toZoneName },
        ...naira(row),
      })),
    };
  }

  return {
    // ---------- zones ----------
    async listZones() {
      const zones = await listZones(db);
      const zoned = new Set(zones.flatMap((zone) => zone.states));
      return {
        zones: zones.map(toZone),
        unzonedStates: nigerianStates.map((state) => state.name).filter((name) => !zoned.has(name)),
      };
    },

    createZone(body: ShippingZoneBody & { states: string[] }): Promise<ShippingZone> {
      return zoneWrite(
        () =>
          db.transaction(async (tx) => {
            await lockShippingSetup(tx);
            await assertStatesFree(tx, body.states);
            const zone = await insertZone(tx, body.name);
            await replaceZoneStates(tx, zone.id, body.states);
            return toZone((await findZone(tx, zone.id))!);
          }),
        body.name,
      );
    },

    updateZone(id: string, body: ZoneUpdate): Promise<ShippingZone> {
      return zoneWrite(
        () =>
          db.transaction(async (tx) => {
            await lockShippingSetup(tx);
            if (!(await findZone(tx, id))) throw notFound('Shipping zone not found');
            if (body.name !== undefined) await renameZone(tx, id, body.name);
            if (body.states !== undefined) {
              await assertStatesFree(tx, body.states, id);
              await replaceZoneStates(tx, id, body.states);
              await touchZone(tx, id);
            }
            return toZone((await findZone(tx, id))!);
          }),
        body.name,
      );
    },

    async deleteZone(id: string): Promise<void> {
      await db.transaction(async (tx) => {
        await lockShippingSetup(tx);
        if (!(await deleteZone(tx, id))) throw notFound('Shipping zone not found');
      });
    },

    // ---------- pricing ----------
    getPricing: () => pricing(db),

    replacePricing(body: PricingBody): Promise<ShippingPricing> {
      return db.transaction(async (tx) => {
        await lockShippingSetup(tx);
        const ids = [...new Set(body.zoneRates.flatMap((entry) => [entry.fromZoneId, entry.toZoneId]))];
        const known = new Set((await findZonesByIds(tx, ids)).map((zone) => zone.id));
        body.zoneRates.forEach((entry, index) => {
          for (const key of ['fromZoneId', 'toZoneId'] as const) {
            if (!known.has(entry[key]))
              throw validation(`zoneRates.${index}.${key}`, 'No such shipping zone');
          }
        });
        const kobo = (entry: { baseFee: number; perKgFee: number }) => ({
          baseKobo: nairaToKobo(entry.baseFee),
          perKgKobo: nairaToKobo(entry.perKgFee),
        });
        await replaceRateCard(
          tx,
          lagosCases.map((lagosCase) => ({ lagosCase, ...kobo(body.lagos[lagosCase]) })),
          body.zoneRates.map((entry) => ({
            fromZoneId: entry.fromZoneId,
            toZoneId: entry.toZoneId,
            ...kobo(entry),
          })),
        );
        return pricing(tx);
      });
    },

    // ---------- vehicles ----------
    async listVehicles() {
      return { vehicles: (await listVehicles(db)).map(toVehicle) };
    },

    async getVehicle(id: string): Promise<ShippingVehicle> {
      const row = await findVehicle(db, id);
      if (!row) throw notFound('Vehicle not found');
      return toVehicle(row);
    },

    async updateVehicle(id: string, body: VehicleUpdate): Promise<ShippingVehicle> {
      try {
        const row = await updateVehicle(db, id, {
          ...(body.name === undefined ? {} : { name: body.name }),
          ...(body.maxWeightKg === undefined ? {} : { maxWeightGrams: Math.round(body.maxWeightKg * 1000) }),
          ...(body.surcharge === undefined ? {} : { surchargeKobo: nairaToKobo(body.surcharge) }),
          ...(body.isActive === undefined ? {} : { isActive: body.isActive }),
          ...(body.betweenStates === undefined ? {} : { betweenStates: body.betweenStates }),
        });
        if (!row) throw notFound('Vehicle not found');
        return toVehicle(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(`A vehicle named ${body.name} already exists`);
        throw error;
      }
    },

    // ---------- quotes ----------
    async calculate(
      customerId: string,
      query: {
        storeId: string;
        addressId?: string;
        state?: string;
        lga?: string;
        items: { productId: string; quantity: number }[];
      },
    ): Promise<ShippingQuote> {
      const origin = await storeOrigin(db, query.storeId);
      if (origin === undefined) {
        if (!(await findStoreShippingPlaces(db, query.storeId))) throw notFound('Store not found');
        throw conflict('This store has not said where it ships from yet');
      }
      let destination: Place;
      if (query.addressId) {
        const address = await findCustomerAddress(db, customerId, query.addressId);
        if (!address) throw notFound('Shipping address not found');
        destination = { state: address.stateOrRegion, lga: address.lga };
      } else {
        destination = { state: query.state!, ...(query.lga ? { lga: query.lga } : {}) };
        if (query.lga && !findLga(findState(query.state!)!, query.lga)) {
          throw validation('query.lga', `Choose an LGA of ${findState(query.state!)!.name}`);
        }
      }
      const facts = new Map(
        (
          await findShippingFacts(
            db,
            query.items.map((item) => item.productId),
          )
        ).map((row) => [row.id, row]),
      );
      const items: ShipmentItem[] = query.items.map((item) => {
        const product = facts.get(item.productId);
        if (!product || product.storeId !== query.storeId) {
          throw validation('query.items', `Product ${item.productId} is not sold by this store`);
        }
        return {
          weight: product.weight,
          weightUnit: product.weightUnit,
          dimension: product.dimension,
          dimensionUnit: product.dimensionUnit,
          quantity: item.quantity,
          isDigital: product.isDigital,
        };
      });
      const quote = await quoteShipment(db, { origin, destination, items }).catch((error: unknown) => {
        throw asQueryError(error);
      });
      return {
        storeId: query.storeId,
        shippingFee: koboToNaira(quote.feeKobo),
        breakdown: {
          rule: quote.rule,
          baseFee: koboToNaira(quote.baseKobo),
          weightFee: koboToNaira(quote.weightKobo),
          vehicleSurcharge: koboToNaira(quote.surchargeKobo),
        },
        chargeableWeightKg: quote.chargeableWeightKg,
        vehicle: quote.vehicle,
        withinLagos: quote.withinLagos,
        lagosMerchant: quote.lagosMerchant,
        lagosCustomer: quote.lagosCustomer,
        fromZone: quote.fromZone,
        toZone: quote.toZone,
        origin: quote.origin,
        destination: quote.destination,
      };
    },

    async locations(): Promise<{ locations: ShippingServedLocation[] }> {
      const zoneOf = await allZoneStates(db);
      const card = await pricing(db);
      const lagosPriced = card.lagos.withinLagos !== null || card.lagos.lagosCustomer !== null;
      const pricedZones = new Set(card.zoneRates.flatMap((rate) => [rate.fromZone.id, rate.toZone.id]));
      return {
        locations: nigerianStates.map((state) => {
          const zone = zoneOf.get(state.name) ?? null;
          const isLagos = state.name === LAGOS;
          return {
            state: state.name,
            code: state.code,
            lgas: [...state.lgas],
            zone,
            isLagos,
            // Elsewhere: priced from the zone's own rates, or at least from Lagos stores by the lagosMerchant rate.
            served: isLagos
              ? lagosPriced
              : (zone !== null && pricedZones.has(zone.id)) || card.lagos.lagosMerchant !== null,
          };
        }),
      };
    },
  };
}

export type ShippingService = ReturnType<typeof createShippingService>;
