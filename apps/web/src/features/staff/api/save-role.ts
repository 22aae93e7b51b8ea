import { type StoreRoleBody, staffEndpoints } from '@market/contracts';
import { api } from '../../../lib/api-client';
import { useNotifiedMutation } from '../../../lib/notified-mutation';
import { staffKeys } from './list-staff';

/** A role as the editor holds it: the permission names come from the resources the server listed. */
export interface RoleDraft {
  name: string;
  permissions: string[];
}

// The editor offers only the permissions of the resources the server answered, and the server checks the list
// again (422 for an unknown one): narrowing the strings here adds no safety, so the draft is passed as it is.
const asRoleBody = (draft: RoleDraft) => draft as StoreRoleBody;

export type RoleChange =
  | { action: 'create'; body: RoleDraft }
  | { action: 'edit'; id: string; body: RoleDraft }
  | { action: 'remove'; id: string };

export function saveRole(change: RoleChange): Promise<{ message: string }> {
  const kind = 'merchant' as const;
  switch (change.action) {
    case 'create':
      return api(staffEndpoints.createRole, { kind, body: asRoleBody(change.body) });
    case 'edit':
      return api(staffEndpoints.editRole, { kind, params: { id: change.id }, body: asRoleBody(change.body) });
    case 'remove':
      return api(staffEndpoints.removeRole, { kind, params: { id: change.id } });
  }
}

/** Creates, edits or deletes a custom role of the store. */
export function useSaveRole() {
  return useNotifiedMutation(saveRole, { invalidate: staffKeys.all });
}
