// The charts' scales and ticks, apart from uPlot so they can be tested without a canvas.

export type ChartPeriod = 'day' | 'week' | 'month';

const DAY_SECONDS = 86_400;
const periodSeconds: Record<ChartPeriod, number> = {
  day: DAY_SECONDS,
  week: 7 * DAY_SECONDS,
  month: 31 * DAY_SECONDS,
};
/** The room one tick label needs on the time axis ("23 Nov", "Nov 2026"), so labels never overlap. */
const TICK_ROOM_PX = 64;

/**
 * The time axis's ticks: the points themselves (every period starts on one), every n-th when they would crowd, so
 * a monthly chart is labelled by its months and never by days in between.
 */
export function periodTicks(xs: readonly number[], plotWidthPx: number): number[] {
  const fit = Math.max(1, Math.floor(plotWidthPx / TICK_ROOM_PX));
  const every = Math.max(1, Math.ceil(xs.length / fit));
  return xs.filter((_x, index) => index % every === 0);
}

/**
 * The time scale's range: half a period beyond the first and last points, so the first and last bars are drawn
 * whole instead of cut in half at the edges.
 */
export function paddedRange(xs: readonly number[], period: ChartPeriod): [number, number] {
  const gaps = xs.slice(1).map((x, index) => x - (xs[index] ?? x));
  const step =
    gaps.length > 0
      ? Math.min(...gaps.filter((gap) => gap > 0), periodSeconds[period])
      : periodSeconds[period];
  const first = xs[0] ?? 0;
  const last = xs.at(-1) ?? first;
  return [first - step / 2, last + step / 2];
}

/** The width the left axis needs for its longest label (about 7 px a character at 12 px, plus the tick). */
export function axisWidth(labels: readonly string[] | null | undefined): number {
  const longest = Math.max(0, ...(labels ?? []).map((label) => label.length));
  return Math.max(40, longest * 7 + 18);
}
