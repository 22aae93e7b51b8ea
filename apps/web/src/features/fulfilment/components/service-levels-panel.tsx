import { serviceLevelNames } from '@market/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { useServiceLevels } from '../api/service-levels';

/** Late orders by kind: a count against each limit and the longest-waiting orders, linked to their pages. */
export function ServiceLevelsPanel({ kind }: { kind: 'merchant' | 'admin' }) {
  const headingId = useId();
  const levels = useServiceLevels(kind);
  const orderPath = kind === 'merchant' ? '/merchant/orders' : '/admin/orders';
  return (
    <section aria-labelledby={headingId} className="mb-6 space-y-3">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Late orders
      </h2>
      {levels.isPending ? (
        <LoadingState label="Checking for late orders…" />
      ) : levels.isError ? (
        <ErrorState title="Could not get orders. Try again later." onRetry={() => levels.refetch()} />
      ) : (
        <div className="grid gap-3 md:grid-cols-2 lg:grid-cols-4">
          {levels.data.groups.map((group) => (
            <div
              key={group.kind}
              className={`rounded-lg border p-3 ${group.count > 0 ? 'border-amber-400 bg-amber-50' : 'border-slate-200 bg-white'}`}
            >
              <p className="text-sm font-semibold text-slate-900">{serviceLevelNames[group.kind]}</p>
              <p className="text-xs text-slate-700">over {group.limitHours} hours</p>
              <p className="mt-1 text-2xl font-bold tabular-nums text-slate-900">{group.count}</p>
              {group.orders.length > 0 ? (
                <ul className="mt-2 space-y-1 text-sm">
                  {group.orders.slice(0, 5).map((order) => (
                    <li key={order.id}>
                      <Link
                        to={`${orderPath}/${order.id}`}
                        className="font-semibold text-emerald-800 underline"
                      >
                        {order.orderName}
                      </Link>{' '}
                      <span className="text-slate-700">
                        {kind === 'admin' ? `${order.storeName} · ` : ''}
                        {order.carrierName ? `${order.carrierName} · ` : ''}
                        {order.hoursLate} h late
                      </span>
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
