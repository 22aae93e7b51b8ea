import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Pager } from '../../../components/ui/pager';
import { SelectField } from '../../../components/ui/select-field';
import { ApprovalCounts } from '../../../components/ui/stat-card';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { SearchField } from '../../../components/ui/text-field';
import { useDebounced } from '../../../lib/use-debounced';
import { type AdminStoresParams, useAdminStores } from '../api/list-stores';
import { StoreStatusBadge } from './status-badge';

/** Stores for approval: metrics, status and onboarding filters, search, pages. */
export function StoresList() {
  const [search, setSearch] = useState('');
  const [approvalStatus, setApprovalStatus] = useState<AdminStoresParams['approvalStatus'] | ''>('pending');
  const [onboarding, setOnboarding] = useState<AdminStoresParams['onboarding'] | ''>('');
  const [page, setPage] = useState(1);
  const debounced = useDebounced(search.trim());
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter starts at page 1
  useEffect(() => setPage(1), [debounced, approvalStatus, onboarding]);
  const list = useAdminStores({
    page,
    limit: 12,
    search: debounced || undefined,
    approvalStatus: approvalStatus || undefined,
    onboarding: onboarding || undefined,
  });
  const stores = list.data?.stores ?? [];
  return (
    <section aria-label="Stores for approval" className="space-y-4">
      <ApprovalCounts counts={list.data?.metrics} />
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem_12rem]">
        <SearchField label="Search stores" value={search} onSearch={setSearch} />
        <SelectField
          label="Status"
          value={approvalStatus}
          onChange={(event) => setApprovalStatus(event.target.value as typeof approvalStatus)}
          options={[
            { value: '', label: 'All' },
            { value: 'pending', label: 'Pending' },
            { value: 'approved', label: 'Approved' },
            { value: 'rejected', label: 'Rejected' },
          ]}
        />
        <SelectField
          label="Onboarding"
          value={onboarding}
          onChange={(event) => setOnboarding(event.target.value as typeof onboarding)}
          options={[
            { value: '', label: 'All' },
            { value: 'complete', label: 'Complete' },
            { value: 'incomplete', label: 'Incomplete' },
          ]}
        />
      </div>
      {list.isPending ? (
        <LoadingState label="Loading stores…" />
      ) : list.isError ? (
        <ErrorState message="Could not get stores. Try again later." onRetry={() => list.refetch()} />
      ) : stores.length === 0 ? (
        <EmptyState title="No stores match">Try another status or search.</EmptyState>
      ) : (
        <>
          <ul className="space-y-3" aria-busy={list.isFetching}>
            {stores.map((store) => (
              <li key={store.id} className="rounded-lg border border-slate-200 bg-white p-4">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <Link
                      to={`/admin/approvals/stores/${store.id}`}
                      className="font-semibold text-emerald-800 underline"
                    >
                      {store.storeName}
                    </Link>
                    <p className="break-all text-sm text-slate-700">
                      {store.merchant.firstName} {store.merchant.lastName} · {store.merchant.email}
                    </p>
                    <p className="text-sm text-slate-700">
                      Onboarding {store.percentageComplete}% · approvals{' '}
                      {Number(store.firstApproval) + Number(store.secondApproval)} of 2
                    </p>
                  </div>
                  <StoreStatusBadge status={store.approvalStatus} />
                </div>
              </li>
            ))}
          </ul>
          {list.data?.pagination ? (
            <Pager label="Pages of stores" pagination={list.data.pagination} noun="store" onPage={setPage} />
          ) : null}
        </>
      )}
    </section>
  );
}
