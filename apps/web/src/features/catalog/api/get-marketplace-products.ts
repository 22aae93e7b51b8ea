import { customerProductEndpoints } from '@market/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CATALOG_MESSAGES, catalogKeys } from './catalog-keys';

export function getMarketplaceProducts(limit: number, offset: number, signal?: AbortSignal) {
  return api(customerProductEndpoints.marketplace, { kind: 'customer', query: { limit, offset }, signal });
}

export function marketplaceProductsQueryOptions(limit = 20, offset = 0) {
  return queryOptions({
    queryKey: catalogKeys.marketplace(limit, offset),
    queryFn: async ({ signal }) => (await getMarketplaceProducts(limit, offset, signal)).data,
    placeholderData: keepPreviousData,
    meta: { toast: { fallback: CATALOG_MESSAGES.products } },
  });
}

export function useMarketplaceProducts(limit = 20, offset = 0) {
  return useQuery(marketplaceProductsQueryOptions(limit, offset));
}
