import { shippingZoneEndpoints } from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { shippingKeys } from './list-zones';

export function deleteZone(id: string) {
  return api(shippingZoneEndpoints.remove, { kind: 'admin', params: { id } });
}

/** Deletes a zone and its zone rates. */
export function useDeleteZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteZone,
    onSuccess: async (answer) => {
      notifySuccess(answer.message || 'Zone deleted');
      await queryClient.invalidateQueries({ queryKey: shippingKeys.all });
    },
  });
}
