import { productEndpoints } from '@market/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function searchMyProducts(search: string, signal?: AbortSignal) {
  return api(productEndpoints.mine, {
    kind: 'merchant',
    query: { page: 1, limit: 10, search: search || undefined },
    signal,
  });
}

export function searchMyProductsQueryOptions(search: string) {
  return queryOptions({
    queryKey: ['my-products', 'search', search] as const,
    queryFn: async ({ signal }) => (await searchMyProducts(search, signal)).data.products,
  });
}

/** Your products matching a search, to put into a collection. */
export function useSearchMyProducts(search: string, enabled: boolean) {
  return useQuery({ ...searchMyProductsQueryOptions(search), enabled });
}
