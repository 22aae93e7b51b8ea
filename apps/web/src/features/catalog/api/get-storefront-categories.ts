import { customerProductEndpoints } from '@market/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CATALOG_MESSAGES, catalogKeys } from './catalog-keys';

export function getStorefrontCategories(storeUrl: string, signal?: AbortSignal) {
  return api(customerProductEndpoints.storefrontCategories, {
    kind: 'customer',
    params: { storeUrl },
    signal,
  });
}

/** Every category (any level) a store's products use, most products first, counted by the server. */
export function storefrontCategoriesQueryOptions(storeUrl: string) {
  return queryOptions({
    queryKey: catalogKeys.storefrontCategories(storeUrl),
    queryFn: async ({ signal }) => (await getStorefrontCategories(storeUrl, signal)).data,
    meta: { toast: { fallback: CATALOG_MESSAGES.categories } },
  });
}

export function useStorefrontCategories(storeUrl: string) {
  return useQuery(storefrontCategoriesQueryOptions(storeUrl));
}
