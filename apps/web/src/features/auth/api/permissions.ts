import { type AccountKind, authEndpoints } from '@market/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getPermissions(kind: AccountKind) {
  return api(authEndpoints.permissions, { kind });
}

/** What the signed-in account may do, as the server resolves it (its store role or admin role). */
export function permissionsQueryOptions(kind: AccountKind) {
  return queryOptions({
    queryKey: ['session', kind, 'permissions'],
    queryFn: async ({ signal }) => (await api(authEndpoints.permissions, { kind, signal })).data,
    staleTime: 60_000,
  });
}

export function usePermissions(kind: AccountKind, enabled = true) {
  return useQuery({ ...permissionsQueryOptions(kind), enabled });
}

/** Whether the signed-in account holds the permission; false until the server has answered. */
export function useHasPermission(kind: AccountKind, permission: string): boolean {
  const permissions = usePermissions(kind);
  return permissions.data?.permissions.includes(permission) ?? false;
}
