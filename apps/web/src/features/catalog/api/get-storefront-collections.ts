import { customerProductEndpoints } from '@market/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CATALOG_MESSAGES, catalogKeys } from './catalog-keys';

export function getStorefrontCollections(storeUrl: string, signal?: AbortSignal) {
  return api(customerProductEndpoints.storefrontCollections, {
    kind: 'customer',
    params: { storeUrl },
    signal,
  });
}

/** A store's active featured collections with their products. */
export function storefrontCollectionsQueryOptions(storeUrl: string) {
  return queryOptions({
    queryKey: catalogKeys.storefrontCollections(storeUrl),
    queryFn: async ({ signal }) => (await getStorefrontCollections(storeUrl, signal)).data,
    meta: { toast: { fallback: CATALOG_MESSAGES.products } },
  });
}

export function useStorefrontCollections(storeUrl: string) {
  return useQuery(storefrontCollectionsQueryOptions(storeUrl));
}
