import { adminManagementEndpoints } from '@market/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminsKeys } from './list-admins';

export function getAdmin(id: string, signal?: AbortSignal) {
  return api(adminManagementEndpoints.get, { kind: 'admin', params: { id }, signal });
}

export function adminQueryOptions(id: string) {
  return queryOptions({
    queryKey: adminsKeys.one(id),
    queryFn: async ({ signal }) => (await getAdmin(id, signal)).data,
  });
}

export function useAdmin(id: string) {
  return useQuery(adminQueryOptions(id));
}
