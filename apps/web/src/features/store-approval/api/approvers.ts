import { adminManagementEndpoints, storeAdminEndpoints } from '@market/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useNotifiedMutation } from '../../../lib/notified-mutation';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { adminStoresKeys } from './list-stores';

export function listApprovers(signal?: AbortSignal) {
  return api(storeAdminEndpoints.approvers, { kind: 'admin', signal });
}

export function approversQueryOptions() {
  return queryOptions({
    queryKey: adminStoresKeys.approvers,
    queryFn: async ({ signal }) => (await listApprovers(signal)).data,
  });
}

export function useApprovers() {
  return useQuery(approversQueryOptions());
}

/** Admins a super admin can name (admins and super admins; the super admin may name themself). */
export function useApproverCandidates(enabled: boolean) {
  return useQuery({
    queryKey: ['admins', 'approver-candidates'] as const,
    queryFn: async ({ signal }) =>
      (await api(adminManagementEndpoints.list, { kind: 'admin', query: { page: 1, limit: 100 }, signal }))
        .data.admins,
    enabled,
  });
}

export function saveApprover(adminId: string, isActive: boolean) {
  return api(storeAdminEndpoints.saveApprover, { kind: 'admin', body: { adminId, isActive } });
}

/** Names an approver or changes whether they are active; toasts 'Successfully created/updated approver'. */
export function useSaveApprover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ adminId, isActive }: { adminId: string; isActive: boolean }) =>
      saveApprover(adminId, isActive),
    onSuccess: async (answer) => {
      notifySuccess(answer.message || 'Successfully created/updated approver');
      await queryClient.invalidateQueries({ queryKey: adminStoresKeys.approvers });
    },
    onError: (error) => notifyError(error),
  });
}

export function removeApprover(id: string) {
  return api(storeAdminEndpoints.removeApprover, { kind: 'admin', params: { id } });
}

export function useRemoveApprover() {
  return useNotifiedMutation(removeApprover, { invalidate: adminStoresKeys.approvers });
}
