import { staffEndpoints } from '@market/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { staffKeys } from './list-staff';

export function storeRolesQueryOptions() {
  return queryOptions({
    queryKey: staffKeys.roles,
    queryFn: async ({ signal }) => (await api(staffEndpoints.roles, { kind: 'merchant', signal })).data,
  });
}

/** The store's built-in and custom roles with the resources they cover. */
export function useStoreRoles() {
  return useQuery(storeRolesQueryOptions());
}
