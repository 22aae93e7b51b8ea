import { giftCardCustomerEndpoints, type PurchaseGiftCardBody } from '@market/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { payGiftCard } from './pay-gift-card';

export function purchaseGiftCard(body: PurchaseGiftCardBody) {
  return api(giftCardCustomerEndpoints.purchase, { kind: 'customer', body });
}

/** Orders the card (it waits for payment) and starts its payment: answers the payment page to open. */
export function usePurchaseGiftCard() {
  return useMutation({
    mutationFn: async (body: PurchaseGiftCardBody) => {
      const card = await purchaseGiftCard(body);
      return (await payGiftCard(card.data.id)).data;
    },
    meta: { toast: false },
  });
}
