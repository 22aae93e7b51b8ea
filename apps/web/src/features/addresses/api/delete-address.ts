import { shippingAddressEndpoints } from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { ADDRESS_MESSAGES, addressesKeys } from './addresses-keys';

export function deleteAddress(id: string) {
  return api(shippingAddressEndpoints.remove, { kind: 'customer', params: { id } });
}

/** 'Shipping address deleted successfully' / 'Failed to delete shipping address'. */
export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    meta: { toast: false },
    onError: (error) => notifyFailure(ADDRESS_MESSAGES.deleteFailed, error),
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: addressesKeys.all });
    },
  });
}
