import { type ShippingZoneBody, shippingZoneEndpoints } from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { shippingKeys } from './list-zones';

export function createZone(body: ShippingZoneBody) {
  return api(shippingZoneEndpoints.create, { kind: 'admin', body });
}

export function useCreateZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createZone,
    onSuccess: async (answer) => {
      notifySuccess(answer.message || 'Zone created');
      await queryClient.invalidateQueries({ queryKey: shippingKeys.all });
    },
  });
}
