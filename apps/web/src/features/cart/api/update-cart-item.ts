import { type CartLine, type CartState, cartEndpoints } from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyFailure } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { CART_MESSAGES, cartKeys, cartMutationKey } from './cart-keys';
import { refreshCartWhenIdle, storeCartAnswer } from './get-cart';

export interface QuantityChange {
  line: Pick<CartLine, 'id' | 'productId' | 'variantId'>;
  quantity: number;
}

export function setCartQuantity({ line, quantity }: QuantityChange) {
  return api(cartEndpoints.add, {
    kind: 'customer',
    body: { productId: line.productId, variantId: line.variantId, quantity, action: 'set' },
  });
}

/**
 * Sets a line's quantity at once on screen (optimistic) and puts the cart back if the server refuses, with the
 * toast 'Failed to update cart item'. Amounts are not recomputed here: the server's answer brings the new prices.
 */
export function useUpdateCartItem() {
  const queryClient = useQueryClient();
  const customerId = useSession('customer')?.user.id ?? '';
  const key = cartKeys.cart(customerId);
  return useMutation({
    mutationKey: cartMutationKey,
    mutationFn: setCartQuantity,
    meta: { toast: false },
    onMutate: async ({ line, quantity }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<CartState>(key);
      if (previous) {
        const lines = previous.cartItemsData.map((item) =>
          item.id === line.id ? { ...item, quantity } : item,
        );
        queryClient.setQueryData<CartState>(key, {
          ...previous,
          cartItemsData: lines,
          itemCount: lines.reduce((count, item) => count + item.quantity, 0),
        });
      }
      return { previous };
    },
    onError: (error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      notifyFailure(CART_MESSAGES.update, error);
    },
    onSuccess: (answer) => storeCartAnswer(queryClient, customerId, answer.data),
    onSettled: () => refreshCartWhenIdle(queryClient, customerId),
  });
}
