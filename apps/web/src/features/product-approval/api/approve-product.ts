import { productAdminEndpoints } from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { adminProductsKeys } from './list-admin-products';

export function approveProduct(productId: string, merchantId: string) {
  return api(productAdminEndpoints.approve, { kind: 'admin', body: { productId, merchantId } });
}

/** Approves a product; failures show 'Could not approve product. Try again later.' unless the server says why. */
export function useApproveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, merchantId }: { productId: string; merchantId: string }) =>
      approveProduct(productId, merchantId),
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: adminProductsKeys.all });
    },
    onError: (error) => notifyError(error, { fallback: 'Could not approve product. Try again later.' }),
  });
}
