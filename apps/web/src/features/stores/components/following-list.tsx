import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { useFollowing } from '../api/list-following';
import { STORE_MESSAGES } from '../api/stores-keys';
import { FollowButton } from './follow-button';
import { StoreCard, StoreCardSkeleton } from './store-card';

/** The stores the signed-in customer follows, each with its follow toggle. */
export function FollowingList() {
  const [page, setPage] = useState(1);
  const following = useFollowing(page);
  if (following.isPending) {
    return (
      <div role="status" aria-label="Loading stores…" className="grid gap-3 sm:grid-cols-2">
        {[0, 1, 2, 3].map((index) => (
          <StoreCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  if (following.isError)
    return <ErrorState title={STORE_MESSAGES.stores} onRetry={() => following.refetch()} />;
  const { stores, pagination } = following.data;
  if (stores.length === 0) {
    return (
      <EmptyState title="You do not follow any store yet">
        <Link to="/merchants" className={buttonClasses('secondary', 'mt-2')}>
          Find stores
        </Link>
      </EmptyState>
    );
  }
  return (
    <div className="space-y-4">
      <ul aria-label="Stores you follow" className="grid gap-3 sm:grid-cols-2">
        {stores.map((store) => (
          <li key={store.id}>
            <StoreCard
              store={store}
              action={<FollowButton storeId={store.id} storeName={store.storeName} />}
            />
          </li>
        ))}
      </ul>
      {pagination.totalPages > 1 ? (
        <nav aria-label="Pages of stores you follow" className="flex items-center justify-between gap-2">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <p className="text-sm text-slate-700" aria-live="polite">
            Page {page} of {pagination.totalPages}
          </p>
          <Button
            variant="secondary"
            disabled={page >= pagination.totalPages}
            onClick={() => setPage(page + 1)}
          >
            Next
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
