import {
  lagosCases,
  nairaToKobo,
  nigerianStates,
  type ShippingPricing,
  type ShippingServedLocation,
  type shippingPricingBody,
} from '@market/contracts';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import { validation } from '../../platform/errors.js';
import { naira, type ShippingContext } from './shipping.context.js';
import { LAGOS } from './shipping.fees.js';
import {
  allZoneStates,
  findZonesByIds,
  listLagosRates,
  listZoneRates,
  lockShippingSetup,
  replaceRateCard,
} from './shipping.repository.js';

// The prices: the Lagos rates and the zone rates, as the admin edits them, and where that lets us deliver.

type PricingBody = z.output<typeof shippingPricingBody>;

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

export const getPricing = (ctx: ShippingContext) => pricing(ctx.db);

export function replacePricing(ctx: ShippingContext, body: PricingBody): Promise<ShippingPricing> {
  return ctx.db.transaction(async (tx) => {
    await lockShippingSetup(tx);
    const ids = [...new Set(body.zoneRates.flatMap((entry) => [entry.fromZoneId, entry.toZoneId]))];
    const known = new Set((await findZonesByIds(tx, ids)).map((zone) => zone.id));
    body.zoneRates.forEach((entry, index) => {
      for (const key of ['fromZoneId', 'toZoneId'] as const) {
        if (!known.has(entry[key])) throw validation(`zoneRates.${index}.${key}`, 'No such shipping zone');
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
}

export async function locations(ctx: ShippingContext): Promise<{ locations: ShippingServedLocation[] }> {
  const zoneOf = await allZoneStates(ctx.db);
  const card = await pricing(ctx.db);
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
}
