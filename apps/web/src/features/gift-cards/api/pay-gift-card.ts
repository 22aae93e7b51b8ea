import { giftCardCustomerEndpoints } from '@market/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyFailure } from '../../../lib/notify';

export function payGiftCard(giftCardId: string) {
  return api(giftCardCustomerEndpoints.pay, { kind: 'customer', body: { giftCardId } });
}

/** Starts (again) the payment of a card that waits for it; answers the payment page. */
export function usePayGiftCard() {
  return useMutation({
    mutationFn: async (giftCardId: string) => (await payGiftCard(giftCardId)).data,
    meta: { toast: false },
    onError: (error) => notifyFailure('Could not start the payment', error),
  });
}
