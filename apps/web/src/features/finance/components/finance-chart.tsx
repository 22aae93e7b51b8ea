import type { FinancePoint } from '@market/contracts';
import { useMemo } from 'react';
import { DayChart } from '../../../components/charts/day-chart';
import { formatDate } from '../../../lib/dates';
import { formatNaira, formatNairaShort } from '../../../lib/money';

const money = (kobo: number | null | undefined) =>
  kobo === null || kobo === undefined ? '—' : formatNaira(Math.round(kobo));

/** Order amounts per Lagos day (bars), due to merchants and commission (lines); loaded with the screen. */
export default function FinanceChart({ series }: { series: readonly FinancePoint[] }) {
  const days = useMemo(() => series.map((point) => point.day), [series]);
  const lines = useMemo(
    () => [
      {
        label: 'Order amount',
        values: series.map((point) => point.totalOrderAmountKobo),
        stroke: '#047857',
        fill: 'rgba(4,120,87,0.35)',
        bars: true,
      },
      {
        label: 'Due to merchants',
        values: series.map((point) => point.dueToMerchantKobo),
        stroke: '#1e3a8a',
      },
      {
        label: 'Commission',
        values: series.map((point) => point.commissionKobo),
        stroke: '#9a3412',
        dash: [6, 4],
      },
    ],
    [series],
  );
  return (
    <DayChart
      days={days}
      dayLabel="Day"
      dayText={formatDate}
      axisText={money}
      tickText={formatNairaShort}
      series={lines}
    />
  );
}
