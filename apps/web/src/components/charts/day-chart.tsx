import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { formatUtcDayMonth, formatUtcMonthYear } from '../../lib/dates';
import { axisWidth, type ChartPeriod, paddedRange, periodTicks } from './chart-scales';

export type { ChartPeriod } from './chart-scales';

export interface DayChartSeries {
  label: string;
  values: readonly (number | null)[];
  stroke: string;
  /** Drawn as bars (filled with `fill`) instead of a line. */
  bars?: boolean;
  fill?: string;
  width?: number;
  dash?: number[];
  /** A count on its own right-hand axis (orders beside money), instead of the left axis's amounts. */
  ownAxis?: boolean;
  /** The value in the legend; the left axis's format when not given. */
  text?: (value: number | null | undefined) => string;
}

/**
 * Amounts per calendar day (or per period that starts on one), on uPlot: days are drawn on the UTC axis, so no time
 * zone moves a Lagos day to its neighbour. Sized to its box and redrawn when the box resizes. Imported only by the
 * lazily loaded chart modules of the report screens, so uPlot never reaches a page without a chart.
 */
export function DayChart({
  days,
  dayLabel,
  dayText,
  axisText,
  tickText = axisText,
  period = 'day',
  series,
}: {
  /** `YYYY-MM-DD`, one per point. */
  days: readonly string[];
  dayLabel: string;
  dayText: (isoDay: string) => string;
  axisText: (value: number | null | undefined) => string;
  /** The left axis's labels, shorter than the legend's (`₦12.5m`) so none is clipped; `axisText` if not given. */
  tickText?: (value: number) => string;
  /** What one point stands for: a monthly chart is labelled by month. */
  period?: ChartPeriod;
  series: readonly DayChartSeries[];
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const xs = days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000);
    const data: uPlot.AlignedData = [xs, ...series.map((line) => [...line.values])];
    const width = () => Math.max(element.clientWidth, 280);
    const bars = uPlot.paths.bars?.({ size: [0.7, 40] });
    const counted = series.find((line) => line.ownAxis);
    const plot = new uPlot(
      {
        width: width(),
        height: 260,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        scales: {
          x: { time: true, range: () => paddedRange(xs, period) },
          y: { range: (_u, _min, max) => [0, Math.max(max, 1) * 1.1] },
          ...(counted ? { count: { range: (_u, _min, max) => [0, Math.max(max, 1) * 1.2] } } : {}),
        },
        axes: [
          {
            stroke: '#334155',
            splits: (u) => periodTicks(xs, u.bbox.width / uPlot.pxRatio),
            values: (_u, ticks) =>
              ticks.map((tick) =>
                period === 'month' ? formatUtcMonthYear(tick * 1000) : formatUtcDayMonth(tick * 1000),
              ),
          },
          {
            stroke: '#334155',
            size: (_u, values) => axisWidth(values),
            values: (_u, ticks) => ticks.map((tick) => tickText(tick)),
          },
          ...(counted
            ? [
                {
                  scale: 'count',
                  side: 1,
                  stroke: counted.stroke,
                  grid: { show: false },
                  // Orders are whole: ticks at 1, 2, 5, 10… never 2.5 or 7.5.
                  incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000],
                },
              ]
            : []),
        ],
        series: [
          {
            label: dayLabel,
            value: (_u, ts) => (ts == null ? '—' : dayText(new Date(ts * 1000).toISOString().slice(0, 10))),
          },
          ...series.map(
            (line): uPlot.Series => ({
              label: line.label,
              stroke: line.stroke,
              width: line.width ?? (line.bars ? 1 : 2),
              ...(line.fill ? { fill: line.fill } : {}),
              ...(line.dash ? { dash: line.dash } : {}),
              ...(line.bars && bars ? { paths: bars } : {}),
              ...(line.ownAxis ? { scale: 'count' } : { value: (_u, v) => (line.text ?? axisText)(v) }),
            }),
          ),
        ],
      },
      data,
      element,
    );
    const observer = new ResizeObserver(() => plot.setSize({ width: width(), height: 260 }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [days, dayLabel, dayText, axisText, tickText, period, series]);
  return <div ref={box} aria-hidden="true" className="w-full overflow-hidden" />;
}
