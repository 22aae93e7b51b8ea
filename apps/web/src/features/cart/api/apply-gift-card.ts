import { giftCardCustomerEndpoints } from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { cartKeys } from './cart-keys';

export function applyGiftCard(code: string) {
  return api(giftCardCustomerEndpoints.apply, { kind: 'customer', body: { code } });
}

/** Applies a gift card by its code; the cart is priced again (what the card covers comes from the server). */
export function useApplyGiftCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyGiftCard,
    meta: { toast: false },
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: cartKeys.all });
    },
  });
}
