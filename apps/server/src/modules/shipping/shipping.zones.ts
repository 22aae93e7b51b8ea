import {
  nigerianStates,
  type ShippingZone,
  type ShippingZoneBody,
  type shippingZoneUpdateBody,
} from '@market/contracts';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { conflict, notFound } from '../../platform/errors.js';
import { type ShippingContext, toZone } from './shipping.context.js';
import {
  deleteZone as deleteZoneRow,
  findZone,
  insertZone,
  listZones as listZoneRows,
  lockShippingSetup,
  renameZone,
  replaceZoneStates,
  statesHeldElsewhere,
  touchZone,
} from './shipping.repository.js';

// Zones of states, which zone rates price between; a state is in one zone at most.

type ZoneUpdate = z.output<typeof shippingZoneUpdateBody>;

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

export async function listZones(ctx: ShippingContext) {
  const zones = await listZoneRows(ctx.db);
  const zoned = new Set(zones.flatMap((zone) => zone.states));
  return {
    zones: zones.map(toZone),
    unzonedStates: nigerianStates.map((state) => state.name).filter((name) => !zoned.has(name)),
  };
}

export function createZone(
  ctx: ShippingContext,
  body: ShippingZoneBody & { states: string[] },
): Promise<ShippingZone> {
  return zoneWrite(
    () =>
      ctx.db.transaction(async (tx) => {
        await lockShippingSetup(tx);
        await assertStatesFree(tx, body.states);
        const zone = await insertZone(tx, body.name);
        await replaceZoneStates(tx, zone.id, body.states);
        return toZone((await findZone(tx, zone.id))!);
      }),
    body.name,
  );
}

export function updateZone(ctx: ShippingContext, id: string, body: ZoneUpdate): Promise<ShippingZone> {
  return zoneWrite(
    () =>
      ctx.db.transaction(async (tx) => {
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
}

export async function deleteZone(ctx: ShippingContext, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockShippingSetup(tx);
    if (!(await deleteZoneRow(tx, id))) throw notFound('Shipping zone not found');
  });
}
