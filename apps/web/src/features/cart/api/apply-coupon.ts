import { couponCustomerEndpoints } from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { cartKeys } from './cart-keys';

export function applyCoupon(code: string) {
  return api(couponCustomerEndpoints.apply, { kind: 'customer', body: { code } });
}

/** Applies a code; the server answers 'Coupon applied successfully!' and the cart is priced again. */
export function useApplyCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyCoupon,
    meta: { toast: false },
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: cartKeys.all });
    },
  });
}
