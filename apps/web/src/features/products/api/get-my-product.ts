import { productEndpoints } from '@market/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { myProductsKeys } from './list-my-products';

export function getMyProduct(id: string, signal?: AbortSignal) {
  return api(productEndpoints.mineOne, { kind: 'merchant', params: { id }, signal });
}

export function myProductQueryOptions(id: string) {
  return queryOptions({
    queryKey: myProductsKeys.one(id),
    queryFn: async ({ signal }) => (await getMyProduct(id, signal)).data,
  });
}

export function useMyProduct(id: string) {
  return useQuery(myProductQueryOptions(id));
}
