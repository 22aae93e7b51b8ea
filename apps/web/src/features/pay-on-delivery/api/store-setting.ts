import { payOnDeliveryEndpoints } from '@market/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { POD_MESSAGES, podKeys } from './pod-keys';

export function useStorePodSetting() {
  return useQuery({
    queryKey: podKeys.store,
    queryFn: async ({ signal }) =>
      (await api(payOnDeliveryEndpoints.storeSetting, { kind: 'merchant', signal })).data,
    meta: { toast: false },
  });
}

export function useSaveStorePodSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      api(payOnDeliveryEndpoints.saveStoreSetting, { kind: 'merchant', body: { enabled } }),
    meta: { toast: false },
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: podKeys.store });
    },
    onError: (error) => notifyError(error, { fallback: POD_MESSAGES.store }),
  });
}
