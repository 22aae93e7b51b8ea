import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { SearchField } from '../../../components/ui/text-field';
import { errorToastMessage } from '../../../lib/toast-rules';
import { useDebounced } from '../../../lib/use-debounced';
import { useAddOutlet, useOutlets, useRemoveOutlet, useStoreSearch } from '../api/outlets';

/** Official outlets: add an approved store by search, remove one. */
export function OutletsManager() {
  const outlets = useOutlets();
  const add = useAddOutlet();
  const remove = useRemoveOutlet();
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim());
  const found = useStoreSearch(debounced);
  const [toRemove, setToRemove] = useState<{ id: string; storeName: string } | null>(null);
  const featured = new Set(outlets.data?.map((outlet) => outlet.storeId));
  return (
    <div className="space-y-5">
      <section
        aria-label="Add an official outlet"
        className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
      >
        <SearchField label="Find an approved store" value={search} onSearch={setSearch} />
        {found.data ? (
          <ul className="space-y-2" aria-live="polite">
            {found.data.length === 0 ? (
              <li className="text-sm text-slate-700">No approved stores match.</li>
            ) : null}
            {found.data.map((store) => (
              <li key={store.id} className="flex items-center justify-between gap-2 text-sm">
                <span className="min-w-0 break-words">{store.storeName}</span>
                {featured.has(store.id) ? (
                  <span className="text-slate-700">Already an outlet</span>
                ) : (
                  <Button
                    variant="secondary"
                    disabled={add.isPending}
                    onClick={() => add.mutate(store.id)}
                    aria-label={`Add ${store.storeName} as an official outlet`}
                  >
                    Add
                  </Button>
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      {outlets.isPending ? (
        <LoadingState label="Loading official outlets…" />
      ) : outlets.isError ? (
        <ErrorState
          message={errorToastMessage(outlets.error) ?? undefined}
          onRetry={() => outlets.refetch()}
        />
      ) : outlets.data.length === 0 ? (
        <EmptyState title="No official outlets yet" />
      ) : (
        <ul className="space-y-3">
          {outlets.data.map((outlet) => (
            <li
              key={outlet.id}
              className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-4"
            >
              {outlet.logo ? (
                <img src={outlet.logo} alt="" className="h-10 w-10 rounded-full object-cover" />
              ) : null}
              <span className="min-w-0 flex-1 break-words font-semibold text-slate-900">
                {outlet.storeName}
              </span>
              <Button
                variant="dangerGhost"
                onClick={() => setToRemove(outlet)}
                aria-label={`Remove ${outlet.storeName}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={toRemove !== null}
        title="Remove this official outlet?"
        description={toRemove ? `${toRemove.storeName} stops being featured as an official outlet.` : ''}
        confirmLabel="Remove outlet"
        busy={remove.isPending}
        onConfirm={() => toRemove && remove.mutate(toRemove.id, { onSettled: () => setToRemove(null) })}
        onCancel={() => setToRemove(null)}
      />
    </div>
  );
}
