// Pure fee arithmetic: no database, no HTTP. The rate card's shape and the reasons for each rule are in
// docs/decisions/007-shipping-fees.md.
//
// Rate card:
// - A delivery that touches Lagos uses one of the three Lagos rates of section 3: withinLagos (store and
//   customer both in Lagos), lagosMerchant (store in Lagos, customer elsewhere), lagosCustomer (customer in
//   Lagos, store elsewhere). Lagos is the busiest corridor and is priced on its own, whatever its zone.
// - Any other delivery uses the zone-to-zone rate from the store's zone to the customer's zone (from = to for the
//   same zone); a missing direction falls back to the reverse one, so a symmetric card needs one row per pair.
// - Each rate is a base fee plus a fee per chargeable kg. The vehicle that carries the shipment adds its surcharge.
// - fee = base + perKg × chargeable kg + vehicle surcharge, all integer kobo. Chargeable weight is counted in
//   half-kilos, so perKg × halfKilos / 2 may end in half a kobo: that half is rounded up.

export type WeightUnit = 'kg' | 'g';
export type DimensionUnit = 'cm' | 'm' | 'in';

export interface ShipmentItem {
  weight: number | null;
  weightUnit: WeightUnit;
  dimension: { length: number; width: number; height: number } | null;
  dimensionUnit: DimensionUnit;
  quantity: number;
  isDigital: boolean;
}

/** A product with no weight is counted as half a kilo. */
export const DEFAULT_ITEM_GRAMS = 500;
/** Courier convention: volumetric kg = L × W × H (cm) / 5000. */
export const VOLUMETRIC_DIVISOR = 5000;
export const HALF_KILO_GRAMS = 500;

const centimetresPer: Record<DimensionUnit, number> = { cm: 1, m: 100, in: 2.54 };
const gramsPer: Record<WeightUnit, number> = { kg: 1000, g: 1 };

// Weights and sizes come from decimal columns, so 1.2 kg × 1000 may be 1200.0000000000002 in floating point;
// the small tolerance keeps such noise from rounding a weight up by a whole gram.
const ceilGrams = (value: number) => Math.ceil(value - 1e-6);

/** Actual weight of one unit in whole grams (rounded up); missing or zero weight counts as half a kilo. */
export function actualGrams(item: Pick<ShipmentItem, 'weight' | 'weightUnit'>): number {
  if (item.weight === null || !Number.isFinite(item.weight) || item.weight <= 0) return DEFAULT_ITEM_GRAMS;
  return Math.max(1, ceilGrams(item.weight * gramsPer[item.weightUnit]));
}

/** Volumetric weight of one unit in whole grams (rounded up); 0 without a full set of positive dimensions. */
export function volumetricGrams(item: Pick<ShipmentItem, 'dimension' | 'dimensionUnit'>): number {
  const size = item.dimension;
  if (!size) return 0;
  const sides = [size.length, size.width, size.height];
  if (sides.some((side) => !Number.isFinite(side) || side <= 0)) return 0;
  const factor = centimetresPer[item.dimensionUnit];
  const cubicCentimetres = sides.reduce((volume, side) => volume * side * factor, 1);
  // kg = cm³ / 5000, so grams = cm³ / 5.
  return ceilGrams((cubicCentimetres * 1000) / VOLUMETRIC_DIVISOR);
}

/**
 * Chargeable weight of a shipment in half-kilos: for each line the larger of actual and volumetric weight of
 * one unit, times its quantity, summed, then rounded up to the next half kilo. Digital items weigh nothing.
 */
export function chargeableHalfKilos(items: readonly ShipmentItem[]): number {
  let grams = 0;
  for (const item of items) {
    if (item.isDigital || item.quantity <= 0) continue;
    grams += Math.max(actualGrams(item), volumetricGrams(item)) * Math.trunc(item.quantity);
  }
  return Math.ceil(grams / HALF_KILO_GRAMS);
}

/** Chargeable weight in kg (a multiple of 0.5), for display and unit tests. */
export function chargeableWeight(items: readonly ShipmentItem[]): number {
  return chargeableHalfKilos(items) / 2;
}

export interface Rate {
  baseKobo: number;
  perKgKobo: number;
}

/** perKg × halfKilos / 2 in integer kobo, a trailing half kobo rounded up. */
export function weightFeeKobo(perKgKobo: number, halfKilos: number): number {
  return Math.floor((perKgKobo * halfKilos + 1) / 2);
}

export interface VehicleChoice {
  id: string;
  name: string;
  maxWeightGrams: number;
  surchargeKobo: number;
  /** Carries from one state to another; a motorbike courier does not (issue 34, item 6). */
  betweenStates: boolean;
}

/**
 * The smallest vehicle that makes the trip and carries the weight (ties: the cheaper surcharge), as the rate card
 * prices distance and weight: a delivery between two states never goes by a vehicle that stays within one (Lagos →
 * Enugu, 5 kg, goes by car, not by bike). Undefined when none does; the caller decides whether that means "cannot
 * be carried" (vehicles exist) or "no surcharge" (no vehicles set up).
 */
export function chooseVehicle<V extends VehicleChoice>(
  vehicles: readonly V[],
  halfKilos: number,
  trip: { betweenStates: boolean },
): V | undefined {
  const grams = halfKilos * HALF_KILO_GRAMS;
  return [...vehicles]
    .sort((a, b) => a.maxWeightGrams - b.maxWeightGrams || a.surchargeKobo - b.surchargeKobo)
    .find((vehicle) => vehicle.maxWeightGrams >= grams && (vehicle.betweenStates || !trip.betweenStates));
}

export const LAGOS = 'Lagos';

export interface LagosFlags {
  withinLagos: boolean;
  lagosMerchant: boolean;
  lagosCustomer: boolean;
}

/** The Lagos cases of section 3 from canonical state names; at most one is true. */
export function lagosFlags(originState: string, destinationState: string): LagosFlags {
  const fromLagos = originState === LAGOS;
  const toLagos = destinationState === LAGOS;
  return {
    withinLagos: fromLagos && toLagos,
    lagosMerchant: fromLagos && !toLagos,
    lagosCustomer: toLagos && !fromLagos,
  };
}

export function lagosCaseOf(flags: LagosFlags): 'withinLagos' | 'lagosMerchant' | 'lagosCustomer' | null {
  if (flags.withinLagos) return 'withinLagos';
  if (flags.lagosMerchant) return 'lagosMerchant';
  if (flags.lagosCustomer) return 'lagosCustomer';
  return null;
}

export interface FeeParts {
  baseKobo: number;
  weightKobo: number;
  surchargeKobo: number;
  feeKobo: number;
}

/** base + perKg × chargeable kg + surcharge, in integer kobo. */
export function feeFor(rate: Rate, halfKilos: number, surchargeKobo: number): FeeParts {
  const weightKobo = weightFeeKobo(rate.perKgKobo, halfKilos);
  return {
    baseKobo: rate.baseKobo,
    weightKobo,
    surchargeKobo,
    feeKobo: rate.baseKobo + weightKobo + surchargeKobo,
  };
}
