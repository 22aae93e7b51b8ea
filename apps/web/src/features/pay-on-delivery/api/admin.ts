import { type PodSettingsBody, payOnDeliveryEndpoints, shippingZoneEndpoints } from '@market/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { POD_MESSAGES, podKeys } from './pod-keys';

export function usePodOverview() {
  return useQuery({
    queryKey: podKeys.overview,
    queryFn: async ({ signal }) =>
      (await api(payOnDeliveryEndpoints.overview, { kind: 'admin', signal })).data,
    meta: { toast: false },
  });
}

export function useWaitingRemittances() {
  return useQuery({
    queryKey: podKeys.remittances,
    queryFn: async ({ signal }) =>
      (
        await api(payOnDeliveryEndpoints.remittances, {
          kind: 'admin',
          query: { status: 'submitted' },
          signal,
        })
      ).data,
    meta: { toast: false },
  });
}

export function useDecideRemittance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, note }: { id: string; decision: 'confirm' | 'reject'; note?: string }) =>
      api(payOnDeliveryEndpoints[decision], { kind: 'admin', params: { id }, body: note ? { note } : {} }),
    meta: { toast: false },
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: podKeys.all });
    },
    onError: (error) => notifyError(error, { fallback: POD_MESSAGES.decide }),
  });
}

export function usePodSettings() {
  return useQuery({
    queryKey: podKeys.settings,
    queryFn: async ({ signal }) =>
      (await api(payOnDeliveryEndpoints.settings, { kind: 'admin', signal })).data,
    meta: { toast: false },
  });
}

export function useSavePodSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PodSettingsBody) => api(payOnDeliveryEndpoints.saveSettings, { kind: 'admin', body }),
    meta: { toast: false },
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: podKeys.all });
    },
    onError: (error) => notifyError(error, { fallback: POD_MESSAGES.settings }),
  });
}

/** The shipping zones an admin may open pay on delivery in. */
export function useShippingZonesForPod() {
  return useQuery({
    queryKey: [...podKeys.settings, 'zones'],
    queryFn: async ({ signal }) =>
      (await api(shippingZoneEndpoints.list, { kind: 'admin', signal })).data.zones.map((zone) => ({
        id: zone.id,
        name: zone.name,
      })),
    meta: { toast: false },
  });
}
