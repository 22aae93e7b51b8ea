import { adminManagementEndpoints, type CreateAdminBody } from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { adminsKeys } from './list-admins';

export function createAdmin(body: CreateAdminBody) {
  return api(adminManagementEndpoints.create, { kind: 'admin', body });
}

/** Creates an admin, who gets a mail with a link to set a password; toasts 'Admin successfully created'. */
export function useCreateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdmin,
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: adminsKeys.all });
    },
  });
}
