import { couponCustomerEndpoints } from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cartKeys } from './cart-keys';

export function removeCoupon(code: string) {
  return api(couponCustomerEndpoints.remove, { kind: 'customer', body: { code } });
}

export function useRemoveCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCoupon,
    meta: { toast: { fallback: 'Could not remove the coupon. Try again later.' } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cartKeys.all }),
  });
}
