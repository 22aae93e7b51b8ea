import {
  type CarrierContact,
  type CarrierDay,
  type CarrierStop,
  type CarrierStopKind,
  orderStatusOf,
  type PickupStatus,
  pickupStatusNames,
} from '@market/contracts';
import { bound } from '../../platform/bound.js';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { forbidden } from '../../platform/errors.js';
import type { AuthContext } from '../../platform/http/routes.js';
import { phoneLinks } from '../../platform/phone.js';
import { carriedOpenOrders, findOrder } from '../orders/index.js';
import { carriedOpenPickups } from '../returns/index.js';
import { findStoreShippingPlaces, storePickupPlace } from '../stores/index.js';

/** How many stops of each kind (orders, return pickups) a day reads; more says `truncated`. */
export const CARRIER_DAY_LIMIT = 300;

export interface Carrier {
  kind: 'partner' | 'dispatcher';
  id: string;
}

/** An order as the day reads it: the orders module's row, narrowed to what a stop shows. */
export interface CarriedOrder {
  id: string;
  orderName: string;
  status: string;
  storeId: string;
  storeName: string;
  deliveryAddress: { fullName: string; phoneNumber: string; state: string; lga: string; address: string };
}

/** A return's pickup as the day reads it. */
export interface CarriedPickup {
  id: string;
  orderId: string;
  storeId: string;
  status: PickupStatus;
}

/** Where a store takes parcels in and hands them over, and its phone. */
export interface StorePlace {
  phoneNumber: string | null;
  state: string;
  lga: string;
  address: string;
}

/**
 * Where the carrier meets the store, as the partner's order view names it: where it ships from (its city stands in
 * for the LGA), else its onboarding pickup place; and the store's phone (the stores module's reads).
 */
async function storePlace(executor: Db, storeId: string): Promise<StorePlace> {
  const [places, pickup] = await Promise.all([
    findStoreShippingPlaces(executor, storeId),
    storePickupPlace(executor, storeId),
  ]);
  const shipping = places?.shippingLocation;
  const onboarding = places?.pickupLocation;
  return {
    phoneNumber: pickup.phoneNumber,
    state: shipping?.state ?? onboarding?.state ?? 'State not given',
    lga: shipping?.city ?? onboarding?.lga ?? 'Area not given',
    address: shipping?.street ?? onboarding?.street ?? pickup.address,
  };
}

export function mapSearchUrl(parts: string[]): string {
  const query = [...parts, 'Nigeria']
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

const contact = (name: string, phoneNumber: string | null): CarrierContact => ({
  name,
  phoneNumber: phoneNumber || null,
  ...phoneLinks(phoneNumber),
});

/** The carrier the caller is: a shipping partner, or an admin who carries orders as a platform dispatcher. */
export function carrierOf(auth: AuthContext): Carrier {
  if (auth.kind === 'partner') return { kind: 'partner', id: auth.userId };
  if (auth.kind === 'admin' && auth.permissions.includes('orders:carry'))
    return { kind: 'dispatcher', id: auth.userId };
  throw forbidden('Only shipping partners and dispatchers have a day of deliveries');
}

/** Where a stop is, with a link that opens it in a map. */
function stopPlace(place: { state: string; lga: string; address: string }): CarrierStop['place'] {
  return {
    state: place.state,
    lga: place.lga,
    address: place.address,
    mapUrl: mapSearchUrl([place.address, place.lga, place.state]),
  };
}

function orderStop(order: CarriedOrder, store: StorePlace): CarrierStop {
  const pickup = order.status === 'assigned';
  const door = order.deliveryAddress;
  const place = pickup ? store : door;
  return {
    kind: pickup ? 'order_pickup' : 'order_delivery',
    orderId: order.id,
    orderName: order.orderName,
    pickupId: null,
    status: { code_name: order.status, known_name: orderStatusOf(order.status).known_name },
    place: stopPlace(place),
    store: contact(order.storeName, store.phoneNumber),
    customer: contact(door.fullName, door.phoneNumber),
  };
}

function pickupStop(pickup: CarriedPickup, order: CarriedOrder, store: StorePlace): CarrierStop {
  const collect = pickup.status === 'assigned';
  const kind: CarrierStopKind = collect ? 'return_collection' : 'return_drop_off';
  const door = order.deliveryAddress;
  const place = collect ? door : store;
  return {
    kind,
    orderId: order.id,
    orderName: order.orderName,
    pickupId: pickup.id,
    status: { code_name: pickup.status, known_name: pickupStatusNames[pickup.status] },
    place: stopPlace(place),
    store: contact(order.storeName, store.phoneNumber),
    customer: contact(door.fullName, collect ? door.phoneNumber : null),
  };
}

/** What a carrier's day reads with (ADR 091): the database, and the orders and pickups other modules answer. */
interface CarrierDayContext {
  db: Deps['db'];
}

/**
 * A carrier's day (issue 35 item 7): every stop the caller holds now, grouped by state and LGA. Orders to collect
 * are at the store; orders on their way, at the customer's door. Returns to collect are at the customer's door (the
 * customer's number while collection waits), collected returns at the store (no customer number: the carrier has
 * nothing more to ask them). Only the caller's own assignments are read, so no other carrier's numbers appear.
 */
export async function forCaller(ctx: CarrierDayContext, auth: AuthContext): Promise<CarrierDay> {
  const carrier = carrierOf(auth);
  const [orders, pickups] = await Promise.all([
    carriedOpenOrders(ctx.db, carrier, CARRIER_DAY_LIMIT + 1),
    carriedOpenPickups(ctx.db, carrier, CARRIER_DAY_LIMIT + 1),
  ]);
  const truncated = orders.length > CARRIER_DAY_LIMIT || pickups.length > CARRIER_DAY_LIMIT;
  const carriedOrders = orders.slice(0, CARRIER_DAY_LIMIT);
  const carriedPickups = pickups.slice(0, CARRIER_DAY_LIMIT);
  const pickupOrders = new Map(
    await Promise.all(
      [...new Set(carriedPickups.map((pickup) => pickup.orderId))].map(
        async (orderId) => [orderId, await findOrder(ctx.db, orderId)] as const,
      ),
    ),
  );
  const storeIds = new Set([
    ...carriedOrders.map((order) => order.storeId),
    ...carriedPickups.map((pickup) => pickup.storeId),
  ]);
  const places = new Map(
    await Promise.all(
      [...storeIds].map(async (storeId) => [storeId, await storePlace(ctx.db, storeId)] as const),
    ),
  );
  const stops: CarrierStop[] = [];
  for (const order of carriedOrders) stops.push(orderStop(order, places.get(order.storeId)!));
  for (const pickup of carriedPickups) {
    const order = pickupOrders.get(pickup.orderId);
    if (order) stops.push(pickupStop(pickup, order, places.get(pickup.storeId)!));
  }
  return { ...groupByPlace(stops), truncated };
}

/** The carrier's day, bound to its context (ADR 091, 104). */
export function createCarrierDayService(deps: Deps) {
  const ctx: CarrierDayContext = { db: deps.db };
  return { forCaller: bound(ctx, forCaller) };
}

/** Stops by state, then LGA (alphabetically, case aside), and by order name in each. */
export function groupByPlace(stops: CarrierStop[]): Omit<CarrierDay, 'truncated'> {
  const groups = new Map<string, CarrierDay['groups'][number]>();
  for (const stop of stops) {
    const key = `${stop.place.state.toLowerCase()}\u0000${stop.place.lga.toLowerCase()}`;
    const group = groups.get(key) ?? { state: stop.place.state, lga: stop.place.lga, stops: [] };
    group.stops.push(stop);
    groups.set(key, group);
  }
  const byName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });
  const sorted = [...groups.values()].sort((a, b) => byName(a.state, b.state) || byName(a.lga, b.lga));
  for (const group of sorted)
    group.stops.sort((a, b) => byName(a.orderName, b.orderName) || a.kind.localeCompare(b.kind));
  return { groups: sorted, stopCount: stops.length };
}

export type CarrierDayService = ReturnType<typeof createCarrierDayService>;
