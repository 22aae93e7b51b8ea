import { payOnDeliveryEndpoints } from '@market/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { podKeys } from './pod-keys';

/** For each store of the cart, whether its order may be paid at the door, the fee, or why not. */
export function usePodOptions(addressId: string | null) {
  return useQuery({
    queryKey: podKeys.options(addressId),
    queryFn: async ({ signal }) =>
      (
        await api(payOnDeliveryEndpoints.options, {
          kind: 'customer',
          query: addressId ? { addressId } : {},
          signal,
        })
      ).data,
    meta: { toast: false },
  });
}
