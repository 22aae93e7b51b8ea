import { shippingAddressEndpoints } from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { ADDRESS_MESSAGES, addressesKeys } from './addresses-keys';

export function makeDefaultAddress(id: string) {
  return api(shippingAddressEndpoints.makeDefault, {
    kind: 'customer',
    params: { id },
    body: { default: true },
  });
}

/** Every other address loses the flag (section 4); 'Failed to update default shipping address' on failure. */
export function useMakeDefaultAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeDefaultAddress,
    meta: { toast: false },
    onError: (error) => notifyFailure(ADDRESS_MESSAGES.defaultFailed, error),
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: addressesKeys.all });
    },
  });
}
