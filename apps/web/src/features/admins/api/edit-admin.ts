import { adminManagementEndpoints, type EditAdminBody } from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { adminsKeys } from './list-admins';

export function editAdmin(id: string, body: EditAdminBody) {
  return api(adminManagementEndpoints.edit, { kind: 'admin', params: { id }, body });
}

export function useEditAdmin(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EditAdminBody) => editAdmin(id, body),
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      queryClient.setQueryData(adminsKeys.one(id), answer.data);
      await queryClient.invalidateQueries({ queryKey: adminsKeys.all });
    },
  });
}
