import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { formatUtcDate, formatUtcDayMonth } from '../../../lib/dates';
import { formatNaira, nairaToKobo } from '../../../lib/money';

export interface DayPoint {
  date: string;
  soldAmount: number;
  redeemedAmount: number;
}

const money = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : formatNaira(nairaToKobo(Math.round(value * 100) / 100));

/** Sold vs redeemed naira per UTC day (uPlot, loaded only with the analytics page). */
export default function SoldRedeemedChart({ days }: { days: readonly DayPoint[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const data: uPlot.AlignedData = [
      days.map((day) => Date.parse(`${day.date}T00:00:00Z`) / 1000),
      days.map((day) => day.soldAmount),
      days.map((day) => day.redeemedAmount),
    ];
    const width = () => Math.max(element.clientWidth, 280);
    const plot = new uPlot(
      {
        width: width(),
        height: 260,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(max, 1) * 1.1] } },
        axes: [
          {
            stroke: '#334155',
            values: (_u, ticks) => ticks.map((tick) => formatUtcDayMonth(tick * 1000)),
          },
          { stroke: '#334155', size: 96, values: (_u, ticks) => ticks.map((tick) => money(tick)) },
        ],
        series: [
          { label: 'Day (UTC)', value: (_u, ts) => (ts == null ? '—' : formatUtcDate(ts * 1000)) },
          {
            label: 'Sold',
            stroke: '#047857',
            width: 2,
            fill: 'rgba(4,120,87,0.08)',
            value: (_u, v) => money(v),
          },
          {
            label: 'Redeemed',
            stroke: '#b45309',
            width: 2,
            dash: [6, 4],
            value: (_u, v) => money(v),
          },
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
  }, [days]);
  return <div ref={box} aria-hidden="true" className="w-full overflow-hidden" />;
}
