import { storeAdminEndpoints } from '@market/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function listStoresForFilter(signal?: AbortSignal) {
  return api(storeAdminEndpoints.list, { kind: 'admin', query: { page: 1, limit: 100 }, signal });
}

/** Stores for the queue's store filter (the first 100). */
export function storesForFilterQueryOptions() {
  return queryOptions({
    queryKey: ['admin-stores', 'filter-options'] as const,
    queryFn: async ({ signal }) => (await listStoresForFilter(signal)).data.stores,
    staleTime: 60_000,
  });
}

export function useStoresForFilter() {
  return useQuery(storesForFilterQueryOptions());
}
