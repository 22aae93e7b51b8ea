import { couponMerchantEndpoints, type UpdateCouponBody } from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { couponsKeys } from './list-coupons';

export function updateCoupon(id: string, body: UpdateCouponBody) {
  return api(couponMerchantEndpoints.update, { kind: 'merchant', params: { id }, body });
}

export function useUpdateCoupon(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCouponBody) => updateCoupon(id, body),
    onSuccess: async (answer) => {
      notifySuccess(answer.message || 'Coupon updated');
      queryClient.setQueryData(couponsKeys.one(id), answer.data);
      await queryClient.invalidateQueries({ queryKey: couponsKeys.all });
    },
  });
}
