import { koboToNaira, type ShippingVehicle, type ShippingZone } from '@market/contracts';
import type { Db } from '../../platform/db/client.js';
import type { VehicleRow, ZoneRow } from './shipping.repository.js';

// What the shipping service's functions share (ADR 091): the database, and the answers' shapes of its rows.

export interface ShippingContext {
  db: Db;
}

export function toZone(zone: ZoneRow & { states: string[] }): ShippingZone {
  return {
    id: zone.id,
    name: zone.name,
    states: zone.states,
    createdAt: zone.createdAt.toISOString(),
    updatedAt: zone.updatedAt.toISOString(),
  };
}

export function toVehicle(row: VehicleRow): ShippingVehicle {
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

export const naira = (rate: { baseKobo: number; perKgKobo: number }) => ({
  baseFee: koboToNaira(rate.baseKobo),
  perKgFee: koboToNaira(rate.perKgKobo),
});
