import { checkoutEndpoints } from '@market/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyFailure } from '../../../lib/notify';
import { CHECKOUT_MESSAGES } from './checkout-keys';

export interface CheckoutBody {
  addressId?: string;
  orderNote?: string;
  payOnDeliveryStoreIds?: string[];
}

export function createOrder(body: CheckoutBody) {
  return api(checkoutEndpoints.create, { kind: 'customer', body });
}

/** Creates the checkout (one order per store, stock held 30 minutes) and answers where to pay. */
export function useCreateOrder() {
  return useMutation({
    mutationFn: createOrder,
    meta: { toast: false },
    onError: (error) => notifyFailure(CHECKOUT_MESSAGES.placeOrder, error),
  });
}
