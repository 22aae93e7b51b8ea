import { type CartState, cartEndpoints } from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { CART_MESSAGES, cartKeys, cartMutationKey } from './cart-keys';
import { refreshCartWhenIdle, storeCartAnswer } from './get-cart';

export function removeCartItem(cartItemId: string) {
  return api(cartEndpoints.remove, { kind: 'customer', body: { cartItemId } });
}

/** Takes a line off at once and puts it back if the server refuses ('Failed to remove item from cart'). */
export function useRemoveCartItem() {
  const queryClient = useQueryClient();
  const customerId = useSession('customer')?.user.id ?? '';
  const key = cartKeys.cart(customerId);
  return useMutation({
    mutationKey: cartMutationKey,
    mutationFn: removeCartItem,
    meta: { toast: false },
    onMutate: async (cartItemId: string) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<CartState>(key);
      if (previous) {
        const lines = previous.cartItemsData.filter((item) => item.id !== cartItemId);
        queryClient.setQueryData<CartState>(key, {
          ...previous,
          cartItemsData: lines,
          itemCount: lines.reduce((count, item) => count + item.quantity, 0),
        });
      }
      return { previous };
    },
    onError: (error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      notifyFailure(CART_MESSAGES.remove, error);
    },
    onSuccess: (answer) => {
      storeCartAnswer(queryClient, customerId, answer.data);
      notifySuccess(answer.message);
    },
    onSettled: () => refreshCartWhenIdle(queryClient, customerId),
  });
}
