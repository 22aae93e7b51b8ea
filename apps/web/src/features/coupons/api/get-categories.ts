import { categoryEndpoints } from '@market/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getCategories(signal?: AbortSignal) {
  return api(categoryEndpoints.all, { signal });
}

/** The category tree (the same cache entry every feature uses for it). */
export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: ['categories', 'tree'] as const,
    queryFn: async ({ signal }) => (await getCategories(signal)).data,
    staleTime: 5 * 60_000,
  });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
