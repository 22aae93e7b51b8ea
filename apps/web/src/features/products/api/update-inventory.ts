import { productEndpoints, type UpdateInventoryBody } from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { myProductsKeys } from './list-my-products';

export function updateInventory(body: UpdateInventoryBody) {
  return api(productEndpoints.updateInventory, { kind: 'merchant', body });
}

/** Sets stock without a new approval; 'Product updated successfully' or 'Could not update product. Try again later.' */
export function useUpdateInventory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInventory,
    onSuccess: async (answer) => {
      notifySuccess(answer.message || 'Product updated successfully');
      await queryClient.invalidateQueries({ queryKey: myProductsKeys.all });
    },
    onError: (error) => notifyError(error, { fallback: 'Could not update product. Try again later.' }),
  });
}
