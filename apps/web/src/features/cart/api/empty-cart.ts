import { cartEndpoints } from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { CART_MESSAGES, cartKeys, cartMutationKey } from './cart-keys';

export function emptyCart() {
  return api(cartEndpoints.remove, { kind: 'customer', body: { all: true } });
}

/** Removes every line (after the customer confirms). */
export function useEmptyCart() {
  const queryClient = useQueryClient();
  const customerId = useSession('customer')?.user.id ?? '';
  return useMutation({
    mutationKey: cartMutationKey,
    mutationFn: emptyCart,
    meta: { toast: false },
    onError: (error) => notifyFailure(CART_MESSAGES.remove, error),
    onSuccess: (answer) => {
      queryClient.setQueryData(cartKeys.cart(customerId), answer.data);
      notifySuccess('Your cart is empty');
    },
  });
}
