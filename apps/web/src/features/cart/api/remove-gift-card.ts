import { giftCardCustomerEndpoints } from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { cartKeys } from './cart-keys';

export function removeGiftCard(id: string) {
  return api(giftCardCustomerEndpoints.unapply, { kind: 'customer', params: { id } });
}

export function useRemoveGiftCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeGiftCard,
    meta: { toast: { fallback: 'Could not remove the gift card. Try again later.' } },
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: cartKeys.all });
    },
  });
}
