import { productAdminEndpoints } from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { adminProductsKeys } from './list-admin-products';

export function rejectProduct(productId: string, merchantId: string, reason: string) {
  return api(productAdminEndpoints.reject, { kind: 'admin', body: { productId, merchantId, reason } });
}

/** Rejects a product with a reason that is mailed to the merchant. */
export function useRejectProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { productId: string; merchantId: string; reason: string }) =>
      rejectProduct(input.productId, input.merchantId, input.reason),
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: adminProductsKeys.all });
    },
    onError: (error) => notifyError(error),
  });
}
