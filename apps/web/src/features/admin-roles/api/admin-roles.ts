import { type AdminRoleBody, adminRoleEndpoints } from '@market/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useNotifiedMutation } from '../../../lib/notified-mutation';

const adminRolesKey = ['admin-roles'] as const;

export function adminRolesQueryOptions() {
  return queryOptions({
    queryKey: adminRolesKey,
    queryFn: async ({ signal }) => (await api(adminRoleEndpoints.list, { kind: 'admin', signal })).data,
  });
}

export function useAdminRoles() {
  return useQuery(adminRolesQueryOptions());
}

/** A role as the editor holds it: the permission names come from the resources the server listed. */
export interface RoleDraft {
  name: string;
  permissions: string[];
}

// The editor offers only the permissions of the resources the server answered, and the server checks the list
// again (422 for an unknown one): narrowing the strings here adds no safety, so the draft is passed as it is.
const asRoleBody = (draft: RoleDraft) => draft as AdminRoleBody;

export type AdminRoleChange =
  | { action: 'create'; body: RoleDraft }
  | { action: 'edit'; id: string; body: RoleDraft }
  | { action: 'remove'; id: string }
  | { action: 'assign'; adminId: string; roleId: string | null };

export function changeAdminRole(change: AdminRoleChange): Promise<{ message: string }> {
  const kind = 'admin' as const;
  switch (change.action) {
    case 'create':
      return api(adminRoleEndpoints.create, { kind, body: asRoleBody(change.body) });
    case 'edit':
      return api(adminRoleEndpoints.edit, { kind, params: { id: change.id }, body: asRoleBody(change.body) });
    case 'remove':
      return api(adminRoleEndpoints.remove, { kind, params: { id: change.id } });
    case 'assign':
      return api(adminRoleEndpoints.assign, {
        kind,
        body: { adminId: change.adminId, roleId: change.roleId },
      });
  }
}

/** Creates, edits, deletes or assigns a custom admin role (the super admin only). */
export function useChangeAdminRole() {
  return useNotifiedMutation(changeAdminRole, { invalidate: adminRolesKey });
}
