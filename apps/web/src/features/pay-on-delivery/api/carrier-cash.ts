import { payOnDeliveryEndpoints, type RemittanceBody } from '@market/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { POD_MESSAGES, podKeys } from './pod-keys';

/** The carrier is a shipping partner, or a platform dispatcher (an admin account). */
export type CarrierKind = 'admin' | 'partner';

export function useCarrierCash(kind: CarrierKind) {
  return useQuery({
    queryKey: podKeys.carrier(kind),
    queryFn: async ({ signal }) => (await api(payOnDeliveryEndpoints.carrierCash, { kind, signal })).data,
    meta: { toast: false },
  });
}

export function useRemit(kind: CarrierKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RemittanceBody) => api(payOnDeliveryEndpoints.remit, { kind, body }),
    meta: { toast: false },
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: podKeys.all });
    },
    onError: (error) => notifyError(error, { fallback: POD_MESSAGES.remit }),
  });
}
