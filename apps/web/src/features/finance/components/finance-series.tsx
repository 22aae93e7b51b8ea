import type { FinancePoint } from '@market/contracts';
import { lazy, Suspense } from 'react';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDate } from '../../../lib/dates';
import { formatNaira } from '../../../lib/money';

const FinanceChart = lazy(() => import('./finance-chart'));

const cell = 'p-2 text-right tabular-nums';

/** The daily chart (drawn lazily) and the same figures as a table for screen readers and keyboards. */
export function FinanceSeries({ series, title }: { series: FinancePoint[]; title: string }) {
  return (
    <section
      aria-labelledby="finance-series"
      className="min-w-0 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h3 id="finance-series" className="mb-2 font-semibold text-slate-900">
        {title}
      </h3>
      <Suspense fallback={<Skeleton className="h-64 w-full" />}>
        <FinanceChart series={series} />
      </Suspense>
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-medium text-emerald-800">Figures by day</summary>
        <ScrollRegion label={`${title}, by day`} className="mt-2">
          <table className="w-full min-w-[20rem] text-left text-sm">
            <caption className="sr-only">{title}, by day</caption>
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="p-2">
                  Day
                </th>
                <th scope="col" className="p-2 text-right">
                  Orders
                </th>
                <th scope="col" className="p-2 text-right">
                  Order amount
                </th>
                <th scope="col" className="p-2 text-right">
                  Commission
                </th>
                <th scope="col" className="p-2 text-right">
                  Due
                </th>
              </tr>
            </thead>
            <tbody>
              {series.map((point) => (
                <tr key={point.day} className="border-b border-slate-100">
                  <th scope="row" className="p-2 font-normal whitespace-nowrap">
                    {formatDate(point.day)}
                  </th>
                  <td className={cell}>{point.ordersCount}</td>
                  <td className={cell}>{formatNaira(point.totalOrderAmountKobo)}</td>
                  <td className={cell}>{formatNaira(point.commissionKobo)}</td>
                  <td className={cell}>{formatNaira(point.dueToMerchantKobo)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </details>
    </section>
  );
}
