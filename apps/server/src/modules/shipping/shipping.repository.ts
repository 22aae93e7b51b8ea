import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.js';
import {
  shippingLagosRates,
  shippingVehicles,
  shippingZoneRates,
  shippingZoneStates,
  shippingZones,
} from './shipping.schema.js';

export type ZoneRow = typeof shippingZones.$inferSelect;
export type VehicleRow = typeof shippingVehicles.$inferSelect;
export type LagosRateRow = typeof shippingLagosRates.$inferSelect;
export type LagosCaseName = LagosRateRow['lagosCase'];

/** Serialises rate-card and zone writes, which replace sets of rows and check states across zones. */
export async function lockShippingSetup(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('shipping:setup', 0))`);
}

// ---------- zones ----------

export async function listZones(db: Db): Promise<(ZoneRow & { states: string[] })[]> {
  const zones = await db.select().from(shippingZones).orderBy(asc(shippingZones.name));
  const states = await db.select().from(shippingZoneStates).orderBy(asc(shippingZoneStates.state));
  return zones.map((zone) => ({
    ...zone,
    states: states.filter((row) => row.zoneId === zone.id).map((row) => row.state),
  }));
}

export async function findZone(db: Db, id: string): Promise<(ZoneRow & { states: string[] }) | undefined> {
  const [zone] = await db.select().from(shippingZones).where(eq(shippingZones.id, id)).limit(1);
  if (!zone) return undefined;
  const states = await db
    .select({ state: shippingZoneStates.state })
    .from(shippingZoneStates)
    .where(eq(shippingZoneStates.zoneId, id))
    .orderBy(asc(shippingZoneStates.state));
  return { ...zone, states: states.map((row) => row.state) };
}

export async function findZonesByIds(db: Db, ids: string[]): Promise<ZoneRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(shippingZones).where(inArray(shippingZones.id, ids));
}

/** States among `states` already held by a zone other than `exceptZoneId`, with that zone's name. */
export async function statesHeldElsewhere(
  db: Db,
  states: string[],
  exceptZoneId?: string,
): Promise<{ state: string; zoneName: string }[]> {
  if (states.length === 0) return [];
  return db
    .select({ state: shippingZoneStates.state, zoneName: shippingZones.name })
    .from(shippingZoneStates)
    .innerJoin(shippingZones, eq(shippingZones.id, shippingZoneStates.zoneId))
    .where(
      and(
        inArray(shippingZoneStates.state, states),
        exceptZoneId ? ne(shippingZoneStates.zoneId, exceptZoneId) : undefined,
      ),
    )
    .orderBy(asc(shippingZoneStates.state));
}

export async function insertZone(db: Db, name: string): Promise<ZoneRow> {
  const [row] = await db.insert(shippingZones).values({ name }).returning();
  return row!;
}

export async function renameZone(db: Db, id: string, name: string): Promise<void> {
  await db.update(shippingZones).set({ name, updatedAt: new Date() }).where(eq(shippingZones.id, id));
}

export async function touchZone(db: Db, id: string): Promise<void> {
  await db.update(shippingZones).set({ updatedAt: new Date() }).where(eq(shippingZones.id, id));
}

export async function replaceZoneStates(db: Db, zoneId: string, states: string[]): Promise<void> {
  await db.delete(shippingZoneStates).where(eq(shippingZoneStates.zoneId, zoneId));
  if (states.length > 0)
    await db.insert(shippingZoneStates).values(states.map((state) => ({ state, zoneId })));
}

export async function deleteZone(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .delete(shippingZones)
    .where(eq(shippingZones.id, id))
    .returning({ id: shippingZones.id });
  return rows.length > 0;
}

/** The zone of each given state that has one. */
export async function zonesOfStates(
  db: Db,
  states: string[],
): Promise<Map<string, { id: string; name: string }>> {
  if (states.length === 0) return new Map();
  const rows = await db
    .select({ state: shippingZoneStates.state, id: shippingZones.id, name: shippingZones.name })
    .from(shippingZoneStates)
    .innerJoin(shippingZones, eq(shippingZones.id, shippingZoneStates.zoneId))
    .where(inArray(shippingZoneStates.state, states));
  return new Map(rows.map((row) => [row.state, { id: row.id, name: row.name }]));
}

/** Every state that has a zone, with the zone. */
export async function allZoneStates(db: Db): Promise<Map<string, { id: string; name: string }>> {
  const rows = await db
    .select({ state: shippingZoneStates.state, id: shippingZones.id, name: shippingZones.name })
    .from(shippingZoneStates)
    .innerJoin(shippingZones, eq(shippingZones.id, shippingZoneStates.zoneId));
  return new Map(rows.map((row) => [row.state, { id: row.id, name: row.name }]));
}

// ---------- rate card ----------

export function listLagosRates(db: Db): Promise<LagosRateRow[]> {
  return db.select().from(shippingLagosRates);
}

export async function findLagosRate(db: Db, lagosCase: LagosCaseName): Promise<LagosRateRow | undefined> {
  const [row] = await db
    .select()
    .from(shippingLagosRates)
    .where(eq(shippingLagosRates.lagosCase, lagosCase))
    .limit(1);
  return row;
}

const fromZone = alias(shippingZones, 'from_zone');
const toZone = alias(shippingZones, 'to_zone');

export function listZoneRates(db: Db) {
  return db
    .select({
      fromZoneId: shippingZoneRates.fromZoneId,
      fromZoneName: fromZone.name,
      toZoneId: shippingZoneRates.toZoneId,
      toZoneName: toZone.name,
      baseKobo: shippingZoneRates.baseKobo,
      perKgKobo: shippingZoneRates.perKgKobo,
    })
    .from(shippingZoneRates)
    .innerJoin(fromZone, eq(fromZone.id, shippingZoneRates.fromZoneId))
    .innerJoin(toZone, eq(toZone.id, shippingZoneRates.toZoneId))
    .orderBy(asc(fromZone.name), asc(toZone.name));
}

/** The rate from one zone to another, or the reverse direction's when only that one is set. */
export async function findZoneRate(
  db: Db,
  fromZoneId: string,
  toZoneId: string,
): Promise<{ baseKobo: number; perKgKobo: number } | undefined> {
  const rows = await db
    .select({
      fromZoneId: shippingZoneRates.fromZoneId,
      baseKobo: shippingZoneRates.baseKobo,
      perKgKobo: shippingZoneRates.perKgKobo,
    })
    .from(shippingZoneRates)
    .where(
      sql`(${shippingZoneRates.fromZoneId} = ${fromZoneId} and ${shippingZoneRates.toZoneId} = ${toZoneId})
        or (${shippingZoneRates.fromZoneId} = ${toZoneId} and ${shippingZoneRates.toZoneId} = ${fromZoneId})`,
    );
  const exact = rows.find((row) => row.fromZoneId === fromZoneId);
  const chosen = exact ?? rows[0];
  return chosen ? { baseKobo: chosen.baseKobo, perKgKobo: chosen.perKgKobo } : undefined;
}

/** True once any rate exists: before that, quotes answer 503 rather than a made-up price. */
export async function hasAnyRate(db: Db): Promise<boolean> {
  const [lagos] = await db.select({ one: sql<number>`1` }).from(shippingLagosRates).limit(1);
  if (lagos) return true;
  const [zone] = await db.select({ one: sql<number>`1` }).from(shippingZoneRates).limit(1);
  return zone !== undefined;
}

export async function replaceRateCard(
  db: Db,
  lagos: { lagosCase: LagosCaseName; baseKobo: number; perKgKobo: number }[],
  zoneRates: { fromZoneId: string; toZoneId: string; baseKobo: number; perKgKobo: number }[],
): Promise<void> {
  await db.delete(shippingLagosRates);
  await db.delete(shippingZoneRates);
  if (lagos.length > 0) await db.insert(shippingLagosRates).values(lagos);
  if (zoneRates.length > 0) await db.insert(shippingZoneRates).values(zoneRates);
}

// ---------- vehicles ----------

export function listVehicles(db: Db, activeOnly = false): Promise<VehicleRow[]> {
  return db
    .select()
    .from(shippingVehicles)
    .where(activeOnly ? eq(shippingVehicles.isActive, true) : undefined)
    .orderBy(
      asc(shippingVehicles.maxWeightGrams),
      asc(shippingVehicles.surchargeKobo),
      asc(shippingVehicles.name),
    );
}

export async function findVehicle(db: Db, id: string): Promise<VehicleRow | undefined> {
  const [row] = await db.select().from(shippingVehicles).where(eq(shippingVehicles.id, id)).limit(1);
  return row;
}

export async function updateVehicle(
  db: Db,
  id: string,
  values: Partial<
    Pick<VehicleRow, 'name' | 'maxWeightGrams' | 'surchargeKobo' | 'isActive' | 'betweenStates'>
  >,
): Promise<VehicleRow | undefined> {
  const [row] = await db
    .update(shippingVehicles)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(shippingVehicles.id, id))
    .returning();
  return row;
}
