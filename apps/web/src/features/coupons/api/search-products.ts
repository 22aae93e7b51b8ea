import { productEndpoints } from '@market/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function searchCouponProducts(search: string, signal?: AbortSignal) {
  return api(productEndpoints.mine, {
    kind: 'merchant',
    query: { page: 1, limit: 10, search: search || undefined },
    signal,
  });
}

export function searchCouponProductsQueryOptions(search: string) {
  return queryOptions({
    queryKey: ['my-products', 'search', search] as const,
    queryFn: async ({ signal }) => (await searchCouponProducts(search, signal)).data.products,
  });
}

/** Your products matching a search, to limit a coupon or its reward to them. */
export function useSearchCouponProducts(search: string, enabled: boolean) {
  return useQuery({ ...searchCouponProductsQueryOptions(search), enabled });
}
