import { type AdminRole, adminManagementEndpoints } from '@market/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface AdminsListParams {
  page: number;
  limit: number;
  search?: string;
  role?: AdminRole;
}

export const adminsKeys = {
  all: ['admins'] as const,
  list: (params: AdminsListParams) => ['admins', 'list', params] as const,
  one: (id: string) => ['admins', 'one', id] as const,
};

export function listAdmins(params: AdminsListParams, signal?: AbortSignal) {
  return api(adminManagementEndpoints.list, { kind: 'admin', query: params, signal });
}

export function adminsListQueryOptions(params: AdminsListParams) {
  return queryOptions({
    queryKey: adminsKeys.list(params),
    queryFn: async ({ signal }) => (await listAdmins(params, signal)).data,
    placeholderData: keepPreviousData,
  });
}

export function useAdminsList(params: AdminsListParams) {
  return useQuery(adminsListQueryOptions(params));
}
