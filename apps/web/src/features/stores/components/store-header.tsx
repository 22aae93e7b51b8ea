import { Skeleton } from '../../../components/ui/skeleton';

/** The storefront's header while the store and its theme load (the same box, so nothing shifts). */
export function StoreHeaderSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading store…"
      className="rounded-lg border border-slate-200 bg-white p-4"
    >
      <div className="flex items-center gap-4">
        <Skeleton className="h-16 w-16 rounded-full" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-6 w-1/2" />
          <Skeleton className="h-4 w-1/3" />
        </div>
      </div>
      {/* On phones the follow button wraps below: keep its row so the page does not shift when it arrives. */}
      <Skeleton className="mt-4 h-11 w-full sm:hidden" />
    </div>
  );
}
