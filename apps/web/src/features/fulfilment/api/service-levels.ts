import {
  type ServiceLevelLimitsBody,
  type ServiceLevelsAnswer,
  serviceLevelEndpoints,
} from '@market/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';

/** Late orders: the store's own, or every store's for an admin who reads all orders. */
export function useServiceLevels(kind: 'merchant' | 'admin') {
  return useQuery({
    queryKey: ['fulfilment', kind, 'service-levels'] as const,
    queryFn: async ({ signal }): Promise<ServiceLevelsAnswer> =>
      (await api(serviceLevelEndpoints[kind], { kind, signal })).data,
    meta: { toast: false },
  });
}

const limitsKey = ['fulfilment', 'admin', 'service-level-limits'] as const;

/** The admin's service-level limits, in hours. */
export function useServiceLevelLimits() {
  return useQuery({
    queryKey: limitsKey,
    queryFn: async ({ signal }) => (await api(serviceLevelEndpoints.limits, { kind: 'admin', signal })).data,
    meta: { toast: false },
  });
}

export function useSaveServiceLevelLimits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ServiceLevelLimitsBody) =>
      api(serviceLevelEndpoints.saveLimits, { kind: 'admin', body }),
    meta: { toast: false },
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: ['fulfilment', 'admin'] });
    },
  });
}
