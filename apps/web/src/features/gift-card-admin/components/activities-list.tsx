import { useState } from 'react';
import { Pager } from '../../../components/ui/pager';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { formatNaira, nairaToKobo } from '../../../lib/money';
import { errorToastMessage } from '../../../lib/toast-rules';
import { useGiftCardActivities } from '../api/list-gift-card-activities';
import { activityLabels, utcDateTime } from './status-labels';

const PAGE_SIZE = 20;
const naira = (value: number) => formatNaira(nairaToKobo(value));

/** Every change of every gift card balance, newest first, in pages. */
export function ActivitiesList() {
  const [page, setPage] = useState(1);
  const list = useGiftCardActivities(page, PAGE_SIZE);
  const activities = list.data?.activities ?? [];
  if (list.isPending) return <LoadingState label="Loading activities…" />;
  if (list.isError)
    return (
      <ErrorState
        title="Could not get gift card activities"
        message={errorToastMessage(list.error) ?? undefined}
        onRetry={() => list.refetch()}
      />
    );
  if (activities.length === 0) return <EmptyState title="No gift card activity yet" />;
  return (
    <section aria-label="Gift card activities" className="space-y-4">
      <div aria-busy={list.isFetching}>
        <table className="hidden w-full border-collapse bg-white text-left text-sm md:table">
          <caption className="sr-only">Gift card activities</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-700">
              <th scope="col" className="p-3">
                When
              </th>
              <th scope="col" className="p-3">
                Card
              </th>
              <th scope="col" className="p-3">
                Activity
              </th>
              <th scope="col" className="p-3">
                Amount
              </th>
              <th scope="col" className="p-3">
                Balance after
              </th>
              <th scope="col" className="p-3">
                Order tracker
              </th>
            </tr>
          </thead>
          <tbody>
            {activities.map((activity) => (
              <tr key={activity.id} className="border-b border-slate-100">
                <td className="p-3">{utcDateTime(activity.createdAt)}</td>
                <td className="p-3 font-mono">•••• {activity.last4}</td>
                <td className="p-3">{activityLabels[activity.type]}</td>
                <td className="p-3">{naira(activity.amount)}</td>
                <td className="p-3">{naira(activity.balanceAfter)}</td>
                <td className="p-3 break-all">{activity.trackerId ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <ul className="space-y-3 md:hidden">
          {activities.map((activity) => (
            <li key={activity.id} className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
              <div className="flex items-center justify-between gap-2">
                <p className="font-semibold text-slate-900">{activityLabels[activity.type]}</p>
                <p className="font-mono text-slate-700">•••• {activity.last4}</p>
              </div>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3">
                <dt className="text-slate-600">Amount</dt>
                <dd>{naira(activity.amount)}</dd>
                <dt className="text-slate-600">Balance after</dt>
                <dd>{naira(activity.balanceAfter)}</dd>
                <dt className="text-slate-600">When</dt>
                <dd>{utcDateTime(activity.createdAt)}</dd>
                {activity.trackerId ? (
                  <>
                    <dt className="text-slate-600">Order tracker</dt>
                    <dd className="break-all">{activity.trackerId}</dd>
                  </>
                ) : null}
              </dl>
            </li>
          ))}
        </ul>
      </div>
      {list.data ? (
        <Pager
          label="Pages of gift card activities"
          pagination={list.data.pagination}
          noun={['activity', 'activities']}
          onPage={setPage}
        />
      ) : null}
    </section>
  );
}
