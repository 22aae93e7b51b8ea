import { type ReturnStatus, returnStatuses, returnStatusNames } from '@market/contracts';
import { Link } from 'react-router';
import { Pager } from '../../../components/ui/pager';
import { SelectField } from '../../../components/ui/select-field';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { formatDate } from '../../../lib/dates';
import { pluralize } from '../../../lib/plural';
import { RETURN_MESSAGES } from '../api/returns-keys';
import { type ReturnsViewer, type StaffReturnsQuery, useStaffReturns } from '../api/staff-returns';
import { ReturnStatusBadge } from './return-status-badge';

const statusOptions = [
  { value: '', label: 'All statuses' },
  ...returnStatuses.map((status) => ({ value: status, label: returnStatusNames[status] })),
];

/** The store's returns (merchant) or every store's (admin; `disputed` for the platform's decisions). */
export function StaffReturnsList({
  viewer,
  basePath,
  query,
  onChange,
}: {
  viewer: ReturnsViewer;
  basePath: string;
  query: StaffReturnsQuery;
  onChange(next: StaffReturnsQuery): void;
}) {
  const returns = useStaffReturns(viewer, query);
  return (
    <div className="space-y-4">
      <div className="max-w-xs">
        <SelectField
          label="Status"
          options={statusOptions}
          value={query.status ?? ''}
          onChange={(event) =>
            onChange({
              ...query,
              page: 1,
              status: (event.target.value || undefined) as ReturnStatus | undefined,
            })
          }
        />
      </div>
      {returns.isPending ? (
        <LoadingState label="Loading returns…" />
      ) : returns.isError ? (
        <ErrorState title={RETURN_MESSAGES.returns} onRetry={() => returns.refetch()} />
      ) : returns.data.returns.length === 0 ? (
        <EmptyState title={query.disputed ? 'No disputed returns' : 'No returns match'} />
      ) : (
        <>
          <ul className="space-y-2" aria-busy={returns.isPlaceholderData || undefined}>
            {returns.data.returns.map((item) => {
              const units = item.products.reduce((acc, product) => acc + product.quantity, 0);
              return (
                <li key={item.id}>
                  <Link
                    to={`${basePath}/${item.id}`}
                    className="block rounded-lg border border-slate-200 bg-white p-3 hover:border-emerald-700"
                  >
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <span className="font-bold text-slate-900">
                        {item.type === 'replace' ? 'Replacement' : 'Return'} · {item.orderName}
                      </span>
                      <ReturnStatusBadge status={item.status} refunds={item.refund?.history} />
                    </div>
                    <p className="mt-1 text-sm text-slate-700">
                      {item.customerName} · {formatDate(item.createdAt)} · {pluralize(units, 'item')}
                      {viewer === 'admin' ? ` · ${item.storeName}` : ''}
                      {item.dispute.status === 'open' ? ' · Disputed' : ''}
                    </p>
                  </Link>
                </li>
              );
            })}
          </ul>
          <Pager
            label="Return pages"
            pagination={returns.data.pagination}
            noun="return"
            onPage={(page) => onChange({ ...query, page })}
          />
        </>
      )}
    </div>
  );
}
