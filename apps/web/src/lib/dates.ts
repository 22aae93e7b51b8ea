/**
 * Every date the web app shows, the Nigerian way (`en-NG`): day first, short month name, 24-hour time and no
 * seconds ("23 Nov 2026", "23 Nov 2026, 14:05"). Use these instead of `toLocaleString` or a screen's own
 * `Intl.DateTimeFormat`, so every screen reads the same.
 */
export const DATE_LOCALE = 'en-NG';

type DateInput = string | number | Date;

const dateOnly = /^\d{4}-\d{2}-\d{2}$/;

const formats = {
  date: new Intl.DateTimeFormat(DATE_LOCALE, { day: 'numeric', month: 'short', year: 'numeric' }),
  dateTime: new Intl.DateTimeFormat(DATE_LOCALE, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }),
  utcDate: new Intl.DateTimeFormat(DATE_LOCALE, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }),
  time: new Intl.DateTimeFormat(DATE_LOCALE, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  utcDayMonth: new Intl.DateTimeFormat(DATE_LOCALE, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
  utcMonthYear: new Intl.DateTimeFormat(DATE_LOCALE, { month: 'short', year: 'numeric', timeZone: 'UTC' }),
  utcDateTime: new Intl.DateTimeFormat(DATE_LOCALE, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }),
};

/**
 * A calendar day ("YYYY-MM-DD", as coupons, birth dates and reports carry them) is the same day everywhere:
 * it is read and shown in UTC so no time zone moves it to the day before.
 */
function toDate(value: DateInput): Date {
  if (typeof value === 'string' && dateOnly.test(value)) return new Date(`${value}T00:00:00Z`);
  return value instanceof Date ? value : new Date(value);
}

const isDay = (value: DateInput) => typeof value === 'string' && dateOnly.test(value);

/** "23 Nov 2026": an instant in the reader's time zone, or a YYYY-MM-DD day as it is. */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  return isDay(value) ? formats.utcDate.format(date) : formats.date.format(date);
}

/** "14:05" in the reader's time zone, for a moment later today (how long a checkout is kept). */
export function formatTime(value: DateInput): string {
  return formats.time.format(toDate(value));
}

/** "23 Nov 2026, 14:05" in the reader's time zone. */
export function formatDateTime(value: DateInput): string {
  return formats.dateTime.format(toDate(value));
}

/** "23 Nov 2026, 14:05 UTC", for admin screens that work in UTC days. */
export function formatUtcDateTime(value: DateInput): string {
  return `${formats.utcDateTime.format(toDate(value))} UTC`;
}

/** "23 Nov 2026" for the UTC day of an instant (charts of UTC days). */
export function formatUtcDate(value: DateInput): string {
  return formats.utcDate.format(toDate(value));
}

/** "23 Nov", the UTC day of an instant without its year (chart axes). */
export function formatUtcDayMonth(value: DateInput): string {
  return formats.utcDayMonth.format(toDate(value));
}

/** "Mar 2026": the month of a calendar day or UTC instant (a monthly chart's ticks). */
export function formatUtcMonthYear(value: DateInput): string {
  return formats.utcMonthYear.format(toDate(value));
}

/** "1 Mar 2026 to 31 Mar 2026", or "From 1 Mar 2026" when the range has no end. */
export function formatDateRange(start: DateInput, end: DateInput | null | undefined): string {
  return end ? `${formatDate(start)} to ${formatDate(end)}` : `From ${formatDate(start)}`;
}

const LAGOS_OFFSET_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A Lagos calendar day `days` before today, as YYYY-MM-DD: reports count Nigerian days (Africa/Lagos is UTC+1 all
 * year, no daylight saving), whatever the reader's own time zone.
 */
export function lagosDaysAgo(days: number, now: Date = new Date()): string {
  const today = Math.floor((now.getTime() + LAGOS_OFFSET_MS) / DAY_MS) * DAY_MS;
  return new Date(today - days * DAY_MS).toISOString().slice(0, 10);
}
