import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { rowsOf } from './rows-of.js';

// A list's total without walking every match (ADR 114): exact up to a bound, PostgreSQL's estimate beyond it, and
// the answer says which (`countIsEstimate`). The customer listings (catalog) and the admin's transactions list
// share it.

/** A list's total, and whether it is the planner's estimate rather than a count. */
export interface EstimatedTotal {
  count: number;
  estimated: boolean;
}

/**
 * Above this multiple of the exact-count bound the planner's estimate is taken as it is: it comes from the table's
 * statistics (no row read), and is rarely off by half. At or below it the rows are counted, up to the bound.
 */
export const ESTIMATE_TRUSTED_ABOVE = 2;

/** Where the page stands: its offset and size, the rows it got, and whether it was asked by offset (not cursor). */
export interface PageShape {
  offset: number;
  limit: number;
  rows: number;
  /** False for a cursor page, which does not say how many rows came before it. */
  offsetPage: boolean;
}

/** The two ways of learning a filter's total without counting every row. */
export interface TotalSources {
  /** The planner's estimate of the matching rows (no row read). */
  estimate(): Promise<number>;
  /** The matching rows counted, stopping at `upTo`. */
  count(upTo: number): Promise<number>;
}

/**
 * The filter's total, exact up to `exactUpTo` and estimated beyond it. A page that is not full (or an empty first
 * page) already tells the exact total; otherwise the planner's estimate decides (no row read): well above the bound it
 * is the answer, near or below it the rows are counted, stopping one past the bound, and a count that reaches the
 * bound falls back on the estimate. An estimate is never less than the rows up to the end of the page (and one more
 * when the page is full), nor than the bound plus one.
 */
export async function boundedTotal(
  page: PageShape,
  exactUpTo: number,
  sources: TotalSources,
): Promise<EstimatedTotal> {
  if (page.offsetPage && page.rows < page.limit && (page.rows > 0 || page.offset === 0))
    return { count: page.offset + page.rows, estimated: false };
  const estimate = await sources.estimate();
  const atLeast = page.offsetPage ? page.offset + page.rows + (page.rows === page.limit ? 1 : 0) : page.rows;
  if (estimate <= exactUpTo * ESTIMATE_TRUSTED_ABOVE) {
    const counted = await sources.count(exactUpTo + 1);
    if (counted <= exactUpTo) return { count: counted, estimated: false };
  }
  return { count: Math.max(estimate, atLeast, exactUpTo + 1), estimated: true };
}

/** The planner's row count at the top of an EXPLAIN (format json): node-postgres parses the json, PGlite may not. */
export function plannedRows(result: unknown): number {
  const rows = rowsOf<Record<string, unknown>>(result);
  const cell = rows[0]?.['QUERY PLAN'];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as [{ Plan: { 'Plan Rows': number } }];
  return Math.round(plan[0].Plan['Plan Rows']);
}

/**
 * The planner's estimate of the rows a statement returns, from the tables' statistics: EXPLAIN plans it with its
 * values bound and reads no row (one round trip, the planning's CPU).
 */
export async function plannerEstimate(db: Db, statement: SQL): Promise<number> {
  return plannedRows(await db.execute(sql`explain (format json) ${statement}`));
}

/**
 * The total of an offset page over `matching` (a statement selecting one row per match, any columns): the page's
 * shape, the planner's estimate of `matching`, and a count of it that stops at the bound (`boundedTotal`'s rule).
 * The lists that page by offset over one statement (the transactions and order lists) share it.
 */
export function offsetPageTotal(
  db: Db,
  matching: SQL,
  page: { offset: number; limit: number; rows: number },
  exactUpTo: number,
): Promise<EstimatedTotal> {
  return boundedTotal({ ...page, offsetPage: true }, exactUpTo, {
    estimate: () => plannerEstimate(db, matching),
    count: async (upTo) => {
      const counted = await db.execute(
        sql`select count(*) as total from (${matching} limit ${upTo}) bounded`,
      );
      const [row] = rowsOf<{ total: string | number }>(counted);
      return Number(row?.total ?? 0);
    },
  });
}
