import { lazy, Suspense, useState } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';
import { StatCard } from '../../../components/ui/stat-card';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { formatDate, formatDateRange } from '../../../lib/dates';
import { formatNaira, nairaToKobo } from '../../../lib/money';
import { errorToastMessage } from '../../../lib/toast-rules';
import { useGiftCardAnalytics } from '../api/get-gift-card-analytics';
import { DateRangeFields, rangeProblem, utcDaysAgo } from './date-range';

const SoldRedeemedChart = lazy(() => import('./sold-redeemed-chart'));

const naira = (value: number) => formatNaira(nairaToKobo(value));

/** Sold and redeemed gift cards in a UTC date range (last 30 days first): totals as stat cards and a chart per day. */
export function AnalyticsPanel() {
  const [range, setRange] = useState(() => ({ startDate: utcDaysAgo(29), endDate: utcDaysAgo(0) }));
  const problem = rangeProblem(range.startDate, range.endDate, true);
  const analytics = useGiftCardAnalytics(range.startDate, range.endDate, problem === null);
  const data = analytics.data;
  const hasActivity = data ? data.byDay.some((day) => day.soldAmount > 0 || day.redeemedAmount > 0) : false;

  return (
    <section aria-labelledby="gift-card-analytics" className="space-y-4">
      <h2 id="gift-card-analytics" className="text-lg font-semibold text-slate-900">
        Sold and redeemed
      </h2>
      <DateRangeFields {...range} problem={problem} onChange={setRange} />
      {problem ? null : analytics.isPending ? (
        <LoadingState label="Loading gift card analytics…" />
      ) : analytics.isError ? (
        <ErrorState
          title="Could not get gift card analytics"
          message={errorToastMessage(analytics.error) ?? undefined}
          onRetry={() => analytics.refetch()}
        />
      ) : data ? (
        <div className="space-y-4" aria-busy={analytics.isFetching}>
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <StatCard label="Cards sold" value={data.soldCount} />
            <StatCard label="Sold" value={naira(data.soldAmount)} />
            <StatCard label="Redeemed" value={naira(data.redeemedAmount)} />
            <StatCard label="Outstanding balance (now)" value={naira(data.outstandingBalance)} />
          </dl>
          <p className="text-sm text-slate-700">
            {formatDateRange(data.startDate, data.endDate)} (UTC). Outstanding is what paid cards hold today,
            whatever the range.
          </p>
          {hasActivity ? (
            <figure className="rounded-lg border border-slate-200 bg-white p-3">
              <figcaption className="mb-2 text-sm font-medium text-slate-900">
                Naira sold (solid green) and redeemed (dashed amber) per day
              </figcaption>
              <Suspense fallback={<Skeleton className="h-64 w-full" />}>
                <SoldRedeemedChart days={data.byDay} />
              </Suspense>
              <details className="mt-3 text-sm">
                <summary className="min-h-11 cursor-pointer py-2 font-medium text-emerald-800">
                  Show the days as a table
                </summary>
                <div className="max-h-80 overflow-y-auto">
                  <table className="w-full text-left">
                    <caption className="sr-only">Gift cards sold and redeemed per day</caption>
                    <thead>
                      <tr className="border-b border-slate-200">
                        <th scope="col" className="p-2">
                          Day
                        </th>
                        <th scope="col" className="p-2">
                          Cards
                        </th>
                        <th scope="col" className="p-2">
                          Sold
                        </th>
                        <th scope="col" className="p-2">
                          Redeemed
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.byDay.map((day) => (
                        <tr key={day.date} className="border-b border-slate-100">
                          <th scope="row" className="p-2 font-normal">
                            {formatDate(day.date)}
                          </th>
                          <td className="p-2">{day.soldCount}</td>
                          <td className="p-2">{naira(day.soldAmount)}</td>
                          <td className="p-2">{naira(day.redeemedAmount)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </details>
            </figure>
          ) : (
            <EmptyState title="No gift card sold or redeemed in these days">Choose a wider range.</EmptyState>
          )}
        </div>
      ) : null}
    </section>
  );
}
