import { adminManagementEndpoints } from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { adminsKeys } from './list-admins';

export function deleteAdmin(id: string) {
  return api(adminManagementEndpoints.remove, { kind: 'admin', params: { id } });
}

export function useDeleteAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdmin,
    onSuccess: async (answer, id) => {
      notifySuccess(answer.message);
      queryClient.removeQueries({ queryKey: adminsKeys.one(id) });
      await queryClient.invalidateQueries({ queryKey: adminsKeys.all });
    },
  });
}
