import { type CreateCouponBody, couponMerchantEndpoints } from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { couponsKeys } from './list-coupons';

export function createCoupon(body: CreateCouponBody) {
  return api(couponMerchantEndpoints.create, { kind: 'merchant', body });
}

/** Creates a coupon; a failure toasts (offline: 'Check network connection') and the form puts 422 details on fields. */
export function useCreateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCoupon,
    onSuccess: async (answer) => {
      notifySuccess(answer.message || 'Coupon created');
      await queryClient.invalidateQueries({ queryKey: couponsKeys.all });
    },
  });
}
