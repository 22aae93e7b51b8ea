import { inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import {
  shippingLagosRates,
  shippingVehicles,
  shippingZoneRates,
  shippingZoneStates,
  shippingZones,
} from './shipping.schema.js';

// Demo defaults only: production admins set their own zones and prices (until then quotes answer 503).
// Amounts are naira × 100 (kobo).

const ZONES: { name: string; states: string[] }[] = [
  { name: 'South West', states: ['Lagos', 'Ogun', 'Oyo', 'Osun', 'Ondo', 'Ekiti'] },
  { name: 'South South', states: ['Akwa Ibom', 'Bayelsa', 'Cross River', 'Delta', 'Edo', 'Rivers'] },
  { name: 'South East', states: ['Abia', 'Anambra', 'Ebonyi', 'Enugu', 'Imo'] },
  {
    name: 'North Central',
    states: ['Benue', 'Kogi', 'Kwara', 'Nasarawa', 'Niger', 'Plateau', 'Federal Capital Territory'],
  },
  { name: 'North West', states: ['Jigawa', 'Kaduna', 'Kano', 'Katsina', 'Kebbi', 'Sokoto', 'Zamfara'] },
  { name: 'North East', states: ['Adamawa', 'Bauchi', 'Borno', 'Gombe', 'Taraba', 'Yobe'] },
];

/** Road "hops" between zones: 0 same zone, 1 neighbours, up to 3 across the country. */
const HOPS: Record<string, Record<string, number>> = {
  'South West': { 'South South': 1, 'South East': 2, 'North Central': 1, 'North West': 2, 'North East': 3 },
  'South South': { 'South East': 1, 'North Central': 1, 'North West': 2, 'North East': 2 },
  'South East': { 'North Central': 1, 'North West': 2, 'North East': 2 },
  'North Central': { 'North West': 1, 'North East': 1 },
  'North West': { 'North East': 1 },
};
const BASE_BY_HOPS = [3_000_00, 4_500_00, 6_000_00, 7_500_00];
const ZONE_PER_KG = { same: 350_00, other: 500_00 };

const LAGOS_RATES = [
  { lagosCase: 'withinLagos' as const, baseKobo: 2_500_00, perKgKobo: 300_00 },
  { lagosCase: 'lagosMerchant' as const, baseKobo: 4_500_00, perKgKobo: 500_00 },
  { lagosCase: 'lagosCustomer' as const, baseKobo: 5_000_00, perKgKobo: 500_00 },
];

const VEHICLES = [
  // A motorbike courier delivers within a state; the road vehicles go anywhere.
  { name: 'Bike', maxWeightGrams: 10_000, surchargeKobo: 0, betweenStates: false },
  { name: 'Car', maxWeightGrams: 50_000, surchargeKobo: 2_000_00, betweenStates: true },
  { name: 'Van', maxWeightGrams: 500_000, surchargeKobo: 8_000_00, betweenStates: true },
  { name: 'Truck', maxWeightGrams: 5_000_000, surchargeKobo: 25_000_00, betweenStates: true },
];

function hops(a: string, b: string): number {
  if (a === b) return 0;
  return HOPS[a]?.[b] ?? HOPS[b]?.[a] ?? 3;
}

/**
 * Demo zones, rate card and vehicles. Idempotent: every insert skips rows that exist, so running it again, or
 * after an admin changed a price or moved a state, changes nothing.
 */
export async function seedShippingDefaults(
  db: Db,
): Promise<{ zones: number; rates: number; vehicles: number }> {
  return db.transaction(async (tx) => {
    await tx
      .insert(shippingZones)
      .values(ZONES.map((zone) => ({ name: zone.name })))
      .onConflictDoNothing();
    const rows = await tx
      .select({ id: shippingZones.id, name: shippingZones.name })
      .from(shippingZones)
      .where(
        inArray(
          shippingZones.name,
          ZONES.map((zone) => zone.name),
        ),
      );
    const idOf = new Map(rows.map((row) => [row.name, row.id]));
    const states = ZONES.flatMap((zone) => {
      const zoneId = idOf.get(zone.name);
      return zoneId ? zone.states.map((state) => ({ state, zoneId })) : [];
    });
    if (states.length > 0) await tx.insert(shippingZoneStates).values(states).onConflictDoNothing();

    const zoneRates = ZONES.flatMap((from) =>
      ZONES.flatMap((to) => {
        const fromZoneId = idOf.get(from.name);
        const toZoneId = idOf.get(to.name);
        if (!fromZoneId || !toZoneId) return [];
        const distance = hops(from.name, to.name);
        return [
          {
            fromZoneId,
            toZoneId,
            baseKobo: BASE_BY_HOPS[distance]!,
            perKgKobo: distance === 0 ? ZONE_PER_KG.same : ZONE_PER_KG.other,
          },
        ];
      }),
    );
    if (zoneRates.length > 0) await tx.insert(shippingZoneRates).values(zoneRates).onConflictDoNothing();
    await tx.insert(shippingLagosRates).values(LAGOS_RATES).onConflictDoNothing();
    await tx.insert(shippingVehicles).values(VEHICLES).onConflictDoNothing();
    return { zones: idOf.size, rates: zoneRates.length + LAGOS_RATES.length, vehicles: VEHICLES.length };
  });
}
