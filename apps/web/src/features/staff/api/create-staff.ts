import { type CreateStaffBody, staffEndpoints } from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { staffKeys } from './list-staff';

export function createStaff(body: CreateStaffBody) {
  return api(staffEndpoints.create, { kind: 'merchant', body });
}

/** Invites a staff member (they get a set-password mail); toasts 'Store staff successfully created'. */
export function useCreateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStaff,
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: staffKeys.all });
    },
  });
}
