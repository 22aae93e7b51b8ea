import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { rowsOf } from '../../platform/db/rows-of.js';

// How many listed products a price range holds, estimated in the server from the statistics PostgreSQL keeps for the
// planner (pg_stats: the price's most common values and histogram, the share of products listed), as the planner
// estimates it (ADR 116, amending 114). A new price filter's total was PostgreSQL's estimate by EXPLAIN, a round trip
// for each filter never asked; the statistics are read once a minute instead.

/** What the planner knows of products' prices: the rows, the share listed, the common prices and the histogram. */
export interface PriceStatistics {
  rows: number;
  listedShare: number;
  nullShare: number;
  common: { value: number; share: number }[];
  /** Bounds of equal-share buckets of the prices that are neither null nor common, ascending. */
  bounds: number[];
}

/** How long statistics read are used before they are read again (autovacuum's analyze changes them rarely). */
const STATISTICS_FOR_MS = 60_000;

const numbers = (text: string | null) =>
  text === null ? [] : text.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);

/** The statistics, or undefined when the table was never analyzed (the planner has nothing either). */
export async function readPriceStatistics(db: Db): Promise<PriceStatistics | undefined> {
  const [row] = rowsOf<{
    rows: number;
    priceNulls: number | null;
    commonPrices: string | null;
    commonShares: string | null;
    bounds: string | null;
    listedValues: string | null;
    listedShares: string | null;
  }>(
    await db.execute(sql`
      select c.reltuples::float8 as rows,
        p.null_frac::float8 as "priceNulls", p.most_common_vals::text as "commonPrices",
        p.most_common_freqs::text as "commonShares", p.histogram_bounds::text as bounds,
        v.most_common_vals::text as "listedValues", v.most_common_freqs::text as "listedShares"
      from pg_class c
      left join pg_stats p on p.schemaname = current_schema() and p.tablename = 'products' and p.attname = 'price_now_kobo'
      left join pg_stats v on v.schemaname = current_schema() and v.tablename = 'products' and v.attname = 'is_visible'
      where c.oid = 'products'::regclass`),
  );
  if (!row || row.rows <= 0 || row.priceNulls === null || row.listedValues === null) return undefined;
  const listedAt = row.listedValues.replace(/[{}]/g, '').split(',').indexOf('t');
  const commonShares = numbers(row.commonShares);
  return {
    rows: row.rows,
    listedShare: listedAt < 0 ? 0 : (numbers(row.listedShares)[listedAt] ?? 0),
    nullShare: row.priceNulls,
    common: numbers(row.commonPrices).map((value, index) => ({ value, share: commonShares[index] ?? 0 })),
    bounds: numbers(row.bounds),
  };
}

/** The share of the histogram's prices below `value`, interpolated within its bucket (the planner's rule). */
function shareBelow(bounds: number[], value: number): number {
  if (bounds.length < 2 || value <= bounds[0]!) return 0;
  if (value >= bounds.at(-1)!) return 1;
  let low = 0;
  let high = bounds.length - 1;
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (bounds[middle]! <= value) low = middle;
    else high = middle;
  }
  const within = bounds[high]! > bounds[low]! ? (value - bounds[low]!) / (bounds[high]! - bounds[low]!) : 0;
  return (low + within) / (bounds.length - 1);
}

/** Listed products priced within the range (kobo, ends included; an end left out is open), estimated. */
export function estimatePriced(statistics: PriceStatistics, minKobo?: number, maxKobo?: number): number {
  const low = minKobo ?? Number.NEGATIVE_INFINITY;
  const high = maxKobo ?? Number.POSITIVE_INFINITY;
  let commonShare = 0;
  let commonWithin = 0;
  for (const { value, share } of statistics.common) {
    commonShare += share;
    if (value >= low && value <= high) commonWithin += share;
  }
  const histogramShare = Math.max(
    0,
    shareBelow(statistics.bounds, high) - shareBelow(statistics.bounds, low),
  );
  const share = commonWithin + histogramShare * Math.max(0, 1 - statistics.nullShare - commonShare);
  return Math.round(statistics.rows * statistics.listedShare * share);
}

/** The statistics of one database, read at most once a minute; a read in flight is shared. */
export function priceStatisticsOf(db: Db): () => Promise<PriceStatistics | undefined> {
  let read: { at: number; value: Promise<PriceStatistics | undefined> } | undefined;
  return () => {
    if (!read || Date.now() - read.at > STATISTICS_FOR_MS) {
      const value = readPriceStatistics(db);
      read = { at: Date.now(), value };
      value.catch(() => {
        read = undefined;
      });
    }
    return read.value;
  };
}
