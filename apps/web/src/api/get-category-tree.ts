import { categoryEndpoints } from '@market/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';

// Reads that several features share live in src/api, the one place a feature may take them from (features do
// not import each other). One key, one stale time: an admin edit invalidates it and every screen sees the change.

export const categoryTreeKey = ['category-tree'] as const;

export function getCategoryTree(signal?: AbortSignal) {
  // Open to everyone: no account's session is needed.
  return api(categoryEndpoints.all, { signal });
}

/** The whole category tree; it changes rarely, so it stays fresh for 10 minutes unless an admin edit clears it. */
export function categoryTreeQueryOptions() {
  return queryOptions({
    queryKey: categoryTreeKey,
    queryFn: async ({ signal }) => (await getCategoryTree(signal)).data,
    staleTime: 10 * 60_000,
    meta: { toast: { fallback: 'Could not get categories. Try again later.' } },
  });
}

export function useCategoryTree() {
  return useQuery(categoryTreeQueryOptions());
}
