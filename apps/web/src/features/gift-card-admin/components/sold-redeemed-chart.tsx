import { useMemo } from 'react';
import { DayChart } from '../../../components/charts/day-chart';
import { formatUtcDate } from '../../../lib/dates';
import { formatNaira, nairaToKobo } from '../../../lib/money';

export interface DayPoint {
  date: string;
  soldAmount: number;
  redeemedAmount: number;
}

const money = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : formatNaira(nairaToKobo(Math.round(value * 100) / 100));
const utcDay = (isoDay: string) => formatUtcDate(Date.parse(`${isoDay}T00:00:00Z`));

/** Sold vs redeemed naira per UTC day (loaded only with the analytics page). */
export default function SoldRedeemedChart({ days }: { days: readonly DayPoint[] }) {
  const dates = useMemo(() => days.map((day) => day.date), [days]);
  const lines = useMemo(
    () => [
      {
        label: 'Sold',
        values: days.map((day) => day.soldAmount),
        stroke: '#047857',
        fill: 'rgba(4,120,87,0.08)',
      },
      { label: 'Redeemed', values: days.map((day) => day.redeemedAmount), stroke: '#b45309', dash: [6, 4] },
    ],
    [days],
  );
  return <DayChart days={dates} dayLabel="Day (UTC)" dayText={utcDay} axisText={money} series={lines} />;
}
