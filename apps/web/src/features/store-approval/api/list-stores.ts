import { storeAdminEndpoints } from '@market/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface AdminStoresParams {
  page: number;
  limit: number;
  search?: string;
  approvalStatus?: 'pending' | 'approved' | 'rejected';
  onboarding?: 'complete' | 'incomplete';
}

export const adminStoresKeys = {
  all: ['admin-stores'] as const,
  list: (params: AdminStoresParams) => ['admin-stores', 'list', params] as const,
  one: (id: string) => ['admin-stores', 'one', id] as const,
  approvers: ['admin-stores', 'approvers'] as const,
};

export function listStores(params: AdminStoresParams, signal?: AbortSignal) {
  return api(storeAdminEndpoints.list, { kind: 'admin', query: params, signal });
}

export function adminStoresQueryOptions(params: AdminStoresParams) {
  return queryOptions({
    queryKey: adminStoresKeys.list(params),
    queryFn: async ({ signal }) => (await listStores(params, signal)).data,
    placeholderData: keepPreviousData,
  });
}

export function useAdminStores(params: AdminStoresParams) {
  return useQuery(adminStoresQueryOptions(params));
}
