import { nairaToKobo, type ShippingVehicle, type shippingVehicleUpdateBody } from '@market/contracts';
import type { z } from 'zod';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { conflict, notFound } from '../../platform/errors.js';
import { type ShippingContext, toVehicle } from './shipping.context.js';
import {
  findVehicle,
  listVehicles as listVehicleRows,
  updateVehicle as updateVehicleRow,
} from './shipping.repository.js';

// The vehicles a shipment may go by: how much each carries, its surcharge, whether it crosses state lines.

type VehicleUpdate = z.output<typeof shippingVehicleUpdateBody>;

export async function listVehicles(ctx: ShippingContext) {
  return { vehicles: (await listVehicleRows(ctx.db)).map(toVehicle) };
}

export async function getVehicle(ctx: ShippingContext, id: string): Promise<ShippingVehicle> {
  const row = await findVehicle(ctx.db, id);
  if (!row) throw notFound('Vehicle not found');
  return toVehicle(row);
}

export async function updateVehicle(
  ctx: ShippingContext,
  id: string,
  body: VehicleUpdate,
): Promise<ShippingVehicle> {
  try {
    const row = await updateVehicleRow(ctx.db, id, {
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
}
