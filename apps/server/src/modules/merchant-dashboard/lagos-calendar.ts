// Days and weeks as a Nigerian shop counts them: Africa/Lagos is UTC+1 all year (no daylight saving), and a
// week starts on Monday. Plain arithmetic on the offset, so no time-zone database is needed.

const LAGOS_OFFSET_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The moment today began in Lagos (midnight, Lagos time). */
export function lagosDayStart(now: Date): Date {
  const local = now.getTime() + LAGOS_OFFSET_MS;
  return new Date(Math.floor(local / DAY_MS) * DAY_MS - LAGOS_OFFSET_MS);
}

/** The moment this week began in Lagos: Monday, midnight, Lagos time. */
export function lagosWeekStart(now: Date): Date {
  const dayStart = lagosDayStart(now);
  // The Lagos calendar day of dayStart, read in UTC after shifting by the offset: 0 is Sunday.
  const weekday = new Date(dayStart.getTime() + LAGOS_OFFSET_MS).getUTCDay();
  const daysSinceMonday = (weekday + 6) % 7;
  return new Date(dayStart.getTime() - daysSinceMonday * DAY_MS);
}

/** The Lagos calendar date (YYYY-MM-DD) of a moment, as the books' roll-ups key their days. */
export function lagosDateOf(moment: Date): string {
  return new Date(moment.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10);
}
