import type { ChangeBus } from '../../platform/changes/index.js';
import type { Db } from '../../platform/db/client.js';
import {
  allZoneStates,
  findLagosRate,
  findZoneRate,
  hasAnyRate,
  listLagosRates,
  listVehicles,
  listZoneRates,
  zonesOfStates,
} from './shipping.repository.js';

// The rate card a quote reads (ADR 031): kept in process, dropped on a write anywhere (ADR 043).

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
export function rateSource(executor: Db, cache: RateCardCache | undefined) {
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
