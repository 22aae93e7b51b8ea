import { type AddToCartBody, cartEndpoints } from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ApiError } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { CART_MESSAGES, cartKeys, cartMutationKey } from './cart-keys';

/** Adds to the cart; a refused session is rethrown as 'Token is not valid' (section 7), still a 401. */
export async function addToCart(body: AddToCartBody) {
  try {
    return await api(cartEndpoints.add, { kind: 'customer', body });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      throw new ApiError(401, error.code, CART_MESSAGES.tokenInvalid);
    }
    throw error;
  }
}

/** "Add to cart" of the product pages: the server answers the whole priced cart, which replaces ours. */
export function useAddToCart() {
  const queryClient = useQueryClient();
  const customerId = useSession('customer')?.user.id ?? '';
  return useMutation({
    mutationKey: cartMutationKey,
    mutationFn: addToCart,
    meta: { toast: false },
    onSuccess: (answer) => {
      queryClient.setQueryData(cartKeys.cart(customerId), answer.data);
      notifySuccess('Added to cart');
    },
  });
}
