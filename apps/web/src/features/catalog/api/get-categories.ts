import { categoryEndpoints } from '@market/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CATALOG_MESSAGES, catalogKeys } from './catalog-keys';

export function getCategories(signal?: AbortSignal) {
  return api(categoryEndpoints.all, { kind: 'customer', signal });
}

/** The whole category tree; it changes rarely, so it stays fresh for 10 minutes. */
export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: catalogKeys.categories(),
    queryFn: async ({ signal }) => (await getCategories(signal)).data,
    staleTime: 10 * 60_000,
    meta: { toast: { fallback: CATALOG_MESSAGES.categories } },
  });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
