import { adminManagementEndpoints } from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { adminsKeys } from './list-admins';

export function setAdminActive(id: string, active: boolean) {
  const endpoint = active ? adminManagementEndpoints.activate : adminManagementEndpoints.deactivate;
  return api(endpoint, { kind: 'admin', body: { id } });
}

/** Activates or deactivates an admin; a deactivated admin's sessions end at once. */
export function useSetAdminActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) => setAdminActive(id, active),
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: adminsKeys.all });
    },
  });
}
