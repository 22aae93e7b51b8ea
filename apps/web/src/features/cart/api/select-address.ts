import { cartEndpoints } from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { cartKeys, cartMutationKey } from './cart-keys';

export function selectCartAddress(addressId: string | null) {
  return api(cartEndpoints.selectAddress, { kind: 'customer', body: { addressId } });
}

/** Chooses the delivery address; the answer is the cart priced for it (new shipping fees). */
export function useSelectCartAddress() {
  const queryClient = useQueryClient();
  const customerId = useSession('customer')?.user.id ?? '';
  return useMutation({
    mutationKey: cartMutationKey,
    mutationFn: selectCartAddress,
    meta: { toast: { fallback: 'Could not choose this address. Try again later.' } },
    onSuccess: (answer) => queryClient.setQueryData(cartKeys.cart(customerId), answer.data),
  });
}
