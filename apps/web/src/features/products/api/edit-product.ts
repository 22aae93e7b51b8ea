import { type EditProductBody, productEndpoints } from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { myProductsKeys } from './list-my-products';

export function editProduct(id: string, body: EditProductBody) {
  return api(productEndpoints.edit, { kind: 'merchant', params: { id }, body });
}

/** Edits a product; content changes send it back to approval. */
export function useEditProduct(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EditProductBody) => editProduct(id, body),
    onSuccess: async (answer) => {
      notifySuccess(answer.message || 'Successfully created/edited product');
      queryClient.setQueryData(myProductsKeys.one(id), answer.data);
      await queryClient.invalidateQueries({ queryKey: myProductsKeys.all });
    },
  });
}
