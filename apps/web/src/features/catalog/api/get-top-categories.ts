import { categoryEndpoints } from '@market/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CATALOG_MESSAGES, catalogKeys } from './catalog-keys';

export function getTopCategories(limit: number, signal?: AbortSignal) {
  return api(categoryEndpoints.top, { kind: 'customer', query: { limit }, signal });
}

export function topCategoriesQueryOptions(limit = 12) {
  return queryOptions({
    queryKey: catalogKeys.topCategories(limit),
    queryFn: async ({ signal }) => (await getTopCategories(limit, signal)).data,
    meta: { toast: { fallback: CATALOG_MESSAGES.categories } },
  });
}

export function useTopCategories(limit = 12) {
  return useQuery(topCategoriesQueryOptions(limit));
}
