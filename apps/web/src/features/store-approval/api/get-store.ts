import { storeAdminEndpoints } from '@market/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminStoresKeys } from './list-stores';

export function getStore(id: string, signal?: AbortSignal) {
  return api(storeAdminEndpoints.details, { kind: 'admin', params: { id }, signal });
}

export function adminStoreQueryOptions(id: string) {
  return queryOptions({
    queryKey: adminStoresKeys.one(id),
    queryFn: async ({ signal }) => (await getStore(id, signal)).data,
  });
}

export function useAdminStore(id: string) {
  return useQuery(adminStoreQueryOptions(id));
}
