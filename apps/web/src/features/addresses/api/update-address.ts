import { type ShippingAddressUpdateBody, shippingAddressEndpoints } from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { ADDRESS_MESSAGES, addressesKeys } from './addresses-keys';

export function updateAddress(id: string, body: ShippingAddressUpdateBody) {
  return api(shippingAddressEndpoints.update, { kind: 'customer', params: { id }, body });
}

export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ShippingAddressUpdateBody }) => updateAddress(id, body),
    meta: { toast: false },
    onError: (error) => notifyFailure(ADDRESS_MESSAGES.updateFailed, error),
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: addressesKeys.all });
    },
  });
}
