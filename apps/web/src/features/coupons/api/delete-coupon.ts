import { couponMerchantEndpoints } from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { couponsKeys } from './list-coupons';

export function deleteCoupon(id: string) {
  return api(couponMerchantEndpoints.remove, { kind: 'merchant', params: { id } });
}

/** Deletes a coupon (orders that used it keep their discount); failures toast, offline: 'Check network connection'. */
export function useDeleteCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCoupon,
    onSuccess: async (answer) => {
      notifySuccess(answer.message || 'Coupon deleted');
      await queryClient.invalidateQueries({ queryKey: couponsKeys.all });
    },
  });
}
