import { type CreateProductBody, productEndpoints } from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { myProductsKeys } from './list-my-products';

export function createProduct(body: CreateProductBody) {
  return api(productEndpoints.create, { kind: 'merchant', body });
}

/** Creates a product (pending approval); toasts 'Successfully created/edited product'. */
export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: async (answer) => {
      notifySuccess(answer.message || 'Successfully created/edited product');
      await queryClient.invalidateQueries({ queryKey: myProductsKeys.all });
    },
  });
}
