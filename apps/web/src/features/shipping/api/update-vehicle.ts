import { type ShippingVehicleUpdateBody, vehicleEndpoints } from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { shippingKeys } from './list-zones';

export function updateVehicle(id: string, body: ShippingVehicleUpdateBody) {
  return api(vehicleEndpoints.update, { kind: 'admin', params: { id }, body });
}

export function useUpdateVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ShippingVehicleUpdateBody }) => updateVehicle(id, body),
    onSuccess: async (answer) => {
      notifySuccess(answer.message || 'Vehicle saved');
      await queryClient.invalidateQueries({ queryKey: shippingKeys.vehicles });
    },
  });
}
