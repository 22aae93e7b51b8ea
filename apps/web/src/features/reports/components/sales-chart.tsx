import type { SalesPoint } from '@market/contracts';
import { useMemo } from 'react';
import { type ChartPeriod, DayChart } from '../../../components/charts/day-chart';
import { formatDate } from '../../../lib/dates';
import { formatNaira, formatNairaShort } from '../../../lib/money';

const money = (kobo: number | null | undefined) =>
  kobo === null || kobo === undefined ? '—' : formatNaira(Math.round(kobo));

/** Net sales per period (bars) and orders (line on its own axis), loaded only with the report screens. */
export default function SalesChart({
  series,
  period,
}: {
  series: readonly SalesPoint[];
  period: ChartPeriod;
}) {
  // Each period is labelled by its first Lagos day.
  const days = useMemo(() => series.map((point) => point.start), [series]);
  const lines = useMemo(
    () => [
      {
        label: 'Net sales',
        values: series.map((point) => point.netSalesKobo),
        stroke: '#047857',
        fill: 'rgba(4,120,87,0.35)',
        bars: true,
      },
      {
        label: 'Orders',
        values: series.map((point) => point.ordersCount),
        stroke: '#1e3a8a',
        dash: [6, 4],
        ownAxis: true,
      },
    ],
    [series],
  );
  return (
    <DayChart
      days={days}
      dayLabel="Period from"
      dayText={formatDate}
      axisText={money}
      tickText={formatNairaShort}
      period={period}
      series={lines}
    />
  );
}
