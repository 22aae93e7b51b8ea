import { featuredCollectionEndpoints } from '@market/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { collectionsKeys } from './list-collections';

export function getCollectionProducts(collectionId: string, signal?: AbortSignal) {
  return api(featuredCollectionEndpoints.products, { kind: 'merchant', params: { collectionId }, signal });
}

export function collectionProductsQueryOptions(collectionId: string) {
  return queryOptions({
    queryKey: collectionsKeys.products(collectionId),
    queryFn: async ({ signal }) => (await getCollectionProducts(collectionId, signal)).data,
  });
}

export function useCollectionProducts(collectionId: string) {
  return useQuery(collectionProductsQueryOptions(collectionId));
}

export function changeCollectionProducts(collectionId: string, productIds: string[], add: boolean) {
  const endpoint = add ? featuredCollectionEndpoints.addProducts : featuredCollectionEndpoints.removeProducts;
  return api(endpoint, { kind: 'merchant', params: { collectionId }, body: { productIds } });
}

/** Adds or removes products of a collection. */
export function useChangeCollectionProducts(collectionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productIds, add }: { productIds: string[]; add: boolean }) =>
      changeCollectionProducts(collectionId, productIds, add),
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: collectionsKeys.all });
    },
    onError: (error) => notifyError(error),
  });
}
