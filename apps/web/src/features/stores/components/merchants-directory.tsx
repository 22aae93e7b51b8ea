// Written by hand, not with useContractForm: a search or filter box that writes the address, no request body to check.
import { type FormEvent, useId } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { pluralize } from '../../../lib/plural';
import { useMerchants } from '../api/list-merchants';
import { STORE_MESSAGES } from '../api/stores-keys';
import { StoreCard, StoreCardSkeleton } from './store-card';

const PAGE_SIZE = 24;

/** Approved stores with search and pages, both kept in the URL (`?q=…&page=…`). */
export function MerchantsDirectory() {
  const [params, setParams] = useSearchParams();
  const search = params.get('q')?.trim() || undefined;
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam > 1 ? pageParam : 1;
  const merchants = useMerchants({ page, limit: PAGE_SIZE, search });
  const inputId = useId();
  const go = (next: { q?: string; page?: number }) => {
    const out = new URLSearchParams();
    if (next.q) out.set('q', next.q);
    if (next.page && next.page > 1) out.set('page', String(next.page));
    setParams(out);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    go({ q: String(new FormData(event.currentTarget).get('q') ?? '').trim() });
  };
  const pagination = merchants.data?.pagination;
  return (
    <div className="space-y-4">
      <search className="block w-full">
        <form onSubmit={submit} className="flex max-w-md items-end gap-2">
          <div className="flex-1">
            <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-800">
              Search stores
            </label>
            <input
              key={search ?? ''}
              id={inputId}
              name="q"
              type="search"
              defaultValue={search ?? ''}
              maxLength={100}
              className="block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 text-base text-slate-900"
            />
          </div>
          <Button type="submit">Search</Button>
        </form>
      </search>
      {merchants.isPending ? (
        <div role="status" aria-label="Loading stores…" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2, 3, 4, 5].map((index) => (
            <StoreCardSkeleton key={index} />
          ))}
        </div>
      ) : merchants.isError ? (
        <ErrorState title={STORE_MESSAGES.stores} onRetry={() => merchants.refetch()} />
      ) : merchants.data.merchants.length === 0 ? (
        <EmptyState title={search ? `No stores match “${search}”` : 'No stores yet'} />
      ) : (
        <>
          <ul
            aria-label="Stores"
            aria-busy={merchants.isPlaceholderData || undefined}
            className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
          >
            {merchants.data.merchants.map((store) => (
              <li key={store.id}>
                <StoreCard store={store} />
              </li>
            ))}
          </ul>
          {pagination && pagination.totalPages > 1 ? (
            <nav aria-label="Pages of stores" className="flex items-center justify-between gap-2">
              <Button
                variant="secondary"
                disabled={page <= 1}
                onClick={() => go({ q: search, page: page - 1 })}
              >
                Previous
              </Button>
              <p className="text-sm text-slate-700" aria-live="polite">
                Page {page} of {pagination.totalPages} · {pluralize(pagination.totalItems, 'store')}
              </p>
              <Button
                variant="secondary"
                disabled={page >= pagination.totalPages}
                onClick={() => go({ q: search, page: page + 1 })}
              >
                Next
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}
