import { type CreatePlanBody, planAdminEndpoints, type UpdatePlanBody } from '@market/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';

export const planAdminKey = ['plans', 'admin'] as const;

/** Every plan, those retired too. */
export function useAdminPlans() {
  return useQuery({
    queryKey: planAdminKey,
    queryFn: async ({ signal }) => (await api(planAdminEndpoints.list, { kind: 'admin', signal })).data,
  });
}

export function useCreatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePlanBody) => api(planAdminEndpoints.create, { kind: 'admin', body }),
    meta: { toast: false },
    onSuccess: async (answer) => {
      notifySuccess(answer.message || 'Plan added');
      await queryClient.invalidateQueries({ queryKey: ['plans'] });
    },
  });
}

export function useUpdatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdatePlanBody }) =>
      api(planAdminEndpoints.update, { kind: 'admin', params: { id }, body }),
    meta: { toast: false },
    onSuccess: async (answer) => {
      notifySuccess(answer.message || 'Plan updated');
      await queryClient.invalidateQueries({ queryKey: ['plans'] });
    },
  });
}
