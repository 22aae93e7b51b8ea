import { describe, expect, it } from 'vitest';
import { formatUtcMonthYear } from '../../lib/dates';
import { formatNairaShort } from '../../lib/money';
import { axisWidth, paddedRange, periodTicks } from './chart-scales';

const at = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;
const months = ['2026-01-01', '2026-02-01', '2026-03-01', '2026-04-01', '2026-05-01', '2026-06-01'].map(at);

describe('the charts of the report screens', () => {
  it('label a monthly chart by its months, never by days between them', () => {
    const ticks = periodTicks(months, 300);
    expect(ticks.every((tick) => months.includes(tick))).toBe(true);
    expect(ticks.map((tick) => formatUtcMonthYear(tick * 1000))[0]).toBe('Jan 2026');
  });

  it('thin the ticks to what fits at 360 px', () => {
    const days = Array.from({ length: 30 }, (_x, index) => at('2026-03-01') + index * 86_400);
    const ticks = periodTicks(days, 280);
    expect(ticks.length).toBeLessThanOrEqual(4);
    expect(ticks[0]).toBe(days[0]);
  });

  it('leave half a period beyond the last point, so the last bar is drawn whole', () => {
    const [from, to] = paddedRange(months, 'month');
    expect(from).toBeLessThan(months[0] ?? 0);
    expect(to - (months.at(-1) ?? 0)).toBeGreaterThanOrEqual(14 * 86_400);
    const [single0, single1] = paddedRange([at('2026-03-01')], 'day');
    expect(single1 - single0).toBe(86_400);
  });

  it('give ₦ axis labels short forms and room for the longest', () => {
    expect(formatNairaShort(1_250_000_000)).toBe('₦12.5m');
    expect(formatNairaShort(35_000_000)).toBe('₦350k');
    expect(formatNairaShort(90_000)).toBe('₦900');
    expect(formatNairaShort(0)).toBe('₦0');
    expect(axisWidth(['₦0', '₦12.5m'])).toBeGreaterThanOrEqual(6 * 7);
  });
});
