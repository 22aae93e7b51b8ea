import { type CreatePolicyBody, policyMerchantEndpoints, type UpdatePolicyBody } from '@market/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';

export const merchantPoliciesKey = ['policies', 'merchant'] as const;

export function listPolicies(signal?: AbortSignal) {
  return api(policyMerchantEndpoints.list, { kind: 'merchant', signal });
}

/** Your store's policies (count and rows). */
export function usePolicies() {
  return useQuery(
    queryOptions({
      queryKey: merchantPoliciesKey,
      queryFn: async ({ signal }) => (await listPolicies(signal)).data,
    }),
  );
}

function useInvalidatePolicies() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['policies'] });
}

/** Adds a policy; a 422 lands on the form's fields (the form shows it, so no toast). */
export function useCreatePolicy() {
  const invalidate = useInvalidatePolicies();
  return useMutation({
    mutationFn: (body: CreatePolicyBody) => api(policyMerchantEndpoints.create, { kind: 'merchant', body }),
    meta: { toast: false },
    onSuccess: async (answer) => {
      notifySuccess(answer.message || 'Policy added');
      await invalidate();
    },
  });
}

export function useUpdatePolicy() {
  const invalidate = useInvalidatePolicies();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdatePolicyBody }) =>
      api(policyMerchantEndpoints.update, { kind: 'merchant', params: { id }, body }),
    meta: { toast: false },
    onSuccess: async (answer) => {
      notifySuccess(answer.message || 'Policy updated');
      await invalidate();
    },
  });
}

/** Failures toast (offline: 'Check network connection'). */
export function useDeletePolicy() {
  const invalidate = useInvalidatePolicies();
  return useMutation({
    mutationFn: (id: string) => api(policyMerchantEndpoints.remove, { kind: 'merchant', params: { id } }),
    onSuccess: async (answer) => {
      notifySuccess(answer.message || 'Policy deleted');
      await invalidate();
    },
  });
}
