import { lazy, Suspense } from 'react';

// Below the fold on every public page: loaded after the page, so it costs nothing of the bundle budget (ADR 018).
const StorePolicies = lazy(() =>
  import('./store-policies').then((module) => ({ default: module.StorePolicies })),
);

/** A store's policies, loaded on their own once the page has rendered. */
export function LazyStorePolicies(props: { storeId: string; storeName?: string }) {
  return (
    <Suspense fallback={null}>
      <StorePolicies {...props} />
    </Suspense>
  );
}
