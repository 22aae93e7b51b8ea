import type { AdminMerchant } from '@market/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Pager } from '../../../components/ui/pager';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { TextField } from '../../../components/ui/text-field';
import { formatDate } from '../../../lib/dates';
import { labelFrom } from '../../../lib/labels';
import { formatNaira } from '../../../lib/money';
import { pluralize } from '../../../lib/plural';
import { errorToastMessage } from '../../../lib/toast-rules';
import { useDebounced } from '../../../lib/use-debounced';
import { useMerchantsList } from '../api/merchants';

const approvalTone = { approved: 'green', pending: 'amber', rejected: 'red' } as const;

function MerchantRow({ merchant }: { merchant: AdminMerchant }) {
  const name = `${merchant.firstName} ${merchant.lastName}`;
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <Link
          to={`/admin/merchants/${merchant.id}`}
          className="font-medium break-words text-emerald-800 underline"
        >
          {merchant.store.storeName}
        </Link>
        <p className="text-sm break-words text-slate-700">
          {name} · {merchant.email} · joined {formatDate(merchant.createdAt)}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <Badge tone={approvalTone[merchant.store.approvalStatus]}>
          {labelFrom({}, merchant.store.approvalStatus)}
        </Badge>
        {merchant.isActive ? null : <Badge tone="red">Inactive</Badge>}
        <span className="tabular-nums text-slate-900">
          {pluralize(merchant.ordersCount, 'order')} · {formatNaira(merchant.netSalesKobo)}
        </span>
      </div>
    </li>
  );
}

/** Every merchant, searched by name, e-mail or store, with their store's orders and net sales since it opened. */
export function MerchantsList() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const debounced = useDebounced(search.trim());
  const list = useMerchantsList(page, debounced);
  return (
    <section aria-labelledby="merchants-list" className="space-y-3">
      <h2 id="merchants-list" className="text-lg font-semibold text-slate-900">
        Merchants
      </h2>
      <TextField
        label="Search merchants"
        type="search"
        placeholder="Name, e-mail or store"
        value={search}
        className="sm:max-w-md"
        onChange={(event) => {
          setSearch(event.target.value);
          setPage(1);
        }}
      />
      {list.isPending ? (
        <LoadingState label="Loading merchants…" />
      ) : list.isError ? (
        <ErrorState
          title="Could not get merchant details. Try again later."
          message={errorToastMessage(list.error) ?? undefined}
          onRetry={() => list.refetch()}
        />
      ) : list.data.merchants.length === 0 ? (
        <EmptyState title={debounced ? 'No merchant matches this search' : 'No merchants yet'} />
      ) : (
        <>
          <ul
            aria-busy={list.isFetching}
            className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white px-3"
          >
            {list.data.merchants.map((merchant) => (
              <MerchantRow key={merchant.id} merchant={merchant} />
            ))}
          </ul>
          <Pager label="Merchant pages" pagination={list.data.pagination} noun="merchant" onPage={setPage} />
        </>
      )}
    </section>
  );
}
