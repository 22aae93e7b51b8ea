import { type ShippingZoneUpdateBody, shippingZoneEndpoints } from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { shippingKeys } from './list-zones';

export function updateZone(id: string, body: ShippingZoneUpdateBody) {
  return api(shippingZoneEndpoints.update, { kind: 'admin', params: { id }, body });
}

/** Renames a zone or replaces its states. */
export function useUpdateZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ShippingZoneUpdateBody }) => updateZone(id, body),
    onSuccess: async (answer) => {
      notifySuccess(answer.message || 'Zone saved');
      await queryClient.invalidateQueries({ queryKey: shippingKeys.all });
    },
  });
}
