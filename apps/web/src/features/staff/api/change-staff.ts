import { type EditStaffBody, staffEndpoints } from '@market/contracts';
import { api } from '../../../lib/api-client';
import { useNotifiedMutation } from '../../../lib/notified-mutation';
import { staffKeys } from './list-staff';

export type StaffChange =
  | { id: string; action: 'edit'; body: EditStaffBody }
  | { id: string; action: 'deactivate' | 'activate' | 'remove' };

export function changeStaff(change: StaffChange): Promise<{ message: string }> {
  const kind = 'merchant' as const;
  const params = { id: change.id };
  switch (change.action) {
    case 'edit':
      return api(staffEndpoints.edit, { kind, params, body: change.body });
    case 'deactivate':
      return api(staffEndpoints.deactivate, { kind, params });
    case 'activate':
      return api(staffEndpoints.activate, { kind, params });
    case 'remove':
      return api(staffEndpoints.remove, { kind, params });
  }
}

/** Edits, deactivates (their sessions end at once), reactivates or removes a staff member. */
export function useChangeStaff() {
  return useNotifiedMutation(changeStaff, { invalidate: staffKeys.all });
}
