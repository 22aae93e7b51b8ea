import { checkoutEndpoints } from '@market/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyFailure } from '../../../lib/notify';
import { CHECKOUT_MESSAGES } from './checkout-keys';

/** Resumes the payment of an open checkout: the server answers the same payment page, which takes a card again. */
export function payCheckout(trackerId: string) {
  return api(checkoutEndpoints.pay, { kind: 'customer', body: { trackerId } });
}

export function usePayCheckout() {
  return useMutation({
    mutationFn: payCheckout,
    meta: { toast: false },
    onError: (error) => notifyFailure(CHECKOUT_MESSAGES.transaction, error),
  });
}
