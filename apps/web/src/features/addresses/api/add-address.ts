import { type ShippingAddressBody, shippingAddressEndpoints } from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { ADDRESS_MESSAGES, addressesKeys } from './addresses-keys';

export function addAddress(body: ShippingAddressBody) {
  return api(shippingAddressEndpoints.add, { kind: 'customer', body });
}

/** 'Shipping address added successfully' / 'Failed to add shipping address'. */
export function useAddAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAddress,
    meta: { toast: false },
    onError: (error) => notifyFailure(ADDRESS_MESSAGES.addFailed, error),
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: addressesKeys.all });
    },
  });
}
