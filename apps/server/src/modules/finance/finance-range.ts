import { reportRangeProblem } from '@market/contracts';
import { validation } from '../../platform/errors.js';

// A range of Lagos calendar days (YYYY-MM-DD, both ends counted). Africa/Lagos is UTC+1 all year with no daylight
// saving, so a Lagos day starts at 23:00 UTC the day before: plain arithmetic, no time-zone data (as ADR 025).

const DAY_MS = 86_400_000;
const LAGOS_OFFSET_MS = 3_600_000;

const utcDay = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The moments a range of Lagos days covers: [midnight of `from`, midnight after `to`). */
export function lagosMoments(from: string, to: string): { start: Date; end: Date } {
  // The contract refuses such ranges already; the check stays for callers that skip it.
  const problem = reportRangeProblem(from, to);
  if (problem) throw validation(problem.path, problem.message);
  return {
    start: new Date(utcDay(from) - LAGOS_OFFSET_MS),
    end: new Date(utcDay(to) + DAY_MS - LAGOS_OFFSET_MS),
  };
}

/** Every day of the range, in order. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let cursor = utcDay(from); cursor <= utcDay(to); cursor += DAY_MS)
    days.push(new Date(cursor).toISOString().slice(0, 10));
  return days;
}
