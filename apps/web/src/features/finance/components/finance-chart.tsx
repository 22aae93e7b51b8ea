import 'uplot/dist/uPlot.min.css';
import type { FinancePoint } from '@market/contracts';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { formatDate, formatUtcDayMonth } from '../../../lib/dates';
import { formatNaira } from '../../../lib/money';

const money = (kobo: number | null | undefined) =>
  kobo === null || kobo === undefined ? '—' : formatNaira(Math.round(kobo));

/** Order amounts per Lagos day (bars), due to merchants and commission (lines); uPlot, loaded with the screen. */
export default function FinanceChart({ series }: { series: readonly FinancePoint[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // Each point is a Lagos calendar day: drawn on the UTC axis so no zone moves it.
    const data: uPlot.AlignedData = [
      series.map((point) => Date.parse(`${point.day}T00:00:00Z`) / 1000),
      series.map((point) => point.totalOrderAmountKobo),
      series.map((point) => point.dueToMerchantKobo),
      series.map((point) => point.commissionKobo),
    ];
    const width = () => Math.max(element.clientWidth, 280);
    const bars = uPlot.paths.bars?.({ size: [0.7, 40] });
    const plot = new uPlot(
      {
        width: width(),
        height: 260,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(max, 1) * 1.1] } },
        axes: [
          { stroke: '#334155', values: (_u, ticks) => ticks.map((tick) => formatUtcDayMonth(tick * 1000)) },
          { stroke: '#334155', size: 96, values: (_u, ticks) => ticks.map((tick) => money(tick)) },
        ],
        series: [
          {
            label: 'Day',
            value: (_u, ts) =>
              ts == null ? '—' : formatDate(new Date(ts * 1000).toISOString().slice(0, 10)),
          },
          {
            label: 'Order amount',
            stroke: '#047857',
            fill: 'rgba(4,120,87,0.35)',
            width: 1,
            ...(bars ? { paths: bars } : {}),
            value: (_u, v) => money(v),
          },
          { label: 'Due to merchants', stroke: '#1e3a8a', width: 2, value: (_u, v) => money(v) },
          { label: 'Commission', stroke: '#9a3412', width: 2, dash: [6, 4], value: (_u, v) => money(v) },
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
  }, [series]);
  return <div ref={box} aria-hidden="true" className="w-full overflow-hidden" />;
}
