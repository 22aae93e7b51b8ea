import { type ReportGranularity, reportRangeProblem } from '@market/contracts';
import { validation } from '../../platform/errors.js';

// A report's range is a span of Lagos calendar days (YYYY-MM-DD, both ends counted). Africa/Lagos is UTC+1 all year
// with no daylight saving, so a Lagos day starts at 23:00 UTC the day before: plain arithmetic, no time-zone data.

const DAY_MS = 86_400_000;
const LAGOS_OFFSET_MS = 3_600_000;

const utcDay = (day: string) => Date.parse(`${day}T00:00:00Z`);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The moments a range of Lagos days covers: [midnight of `from`, midnight after `to`), as instants. */
export function lagosRange(from: string, to: string): { start: Date; end: Date } {
  // The contract refuses such ranges already; the check stays here for callers that skip the contract.
  const problem = reportRangeProblem(from, to);
  if (problem) throw validation(problem.path, problem.message);
  return {
    start: new Date(utcDay(from) - LAGOS_OFFSET_MS),
    end: new Date(utcDay(to) + DAY_MS - LAGOS_OFFSET_MS),
  };
}

/** The last `days` Lagos days ending today, as the default range of a screen. */
export function lastLagosDays(now: Date, days: number): { from: string; to: string } {
  const today = Math.floor((now.getTime() + LAGOS_OFFSET_MS) / DAY_MS) * DAY_MS;
  return { from: isoDay(today - (days - 1) * DAY_MS), to: isoDay(today) };
}

/** The first day of every bucket that touches the range, in order (weeks start on Monday). */
export function bucketStarts(from: string, to: string, granularity: ReportGranularity): string[] {
  const end = utcDay(to);
  const starts: string[] = [];
  let cursor = utcDay(from);
  if (granularity === 'week') {
    const weekday = new Date(cursor).getUTCDay();
    cursor -= ((weekday + 6) % 7) * DAY_MS;
  } else if (granularity === 'month') {
    const date = new Date(cursor);
    cursor = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  }
  while (cursor <= end) {
    starts.push(isoDay(cursor));
    if (granularity === 'day') cursor += DAY_MS;
    else if (granularity === 'week') cursor += 7 * DAY_MS;
    else {
      const date = new Date(cursor);
      cursor = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
    }
  }
  return starts;
}
