import { customerProductEndpoints } from '@market/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CATALOG_MESSAGES, catalogKeys } from './catalog-keys';

export function getStoreCatalog(storeId: string, limit: number, offset: number, signal?: AbortSignal) {
  return api(customerProductEndpoints.storeCatalog, {
    kind: 'customer',
    query: { storeId, limit, offset },
    signal,
  });
}

/** A store's public catalog, newest first. */
export function storeCatalogQueryOptions(storeId: string, limit = 20, offset = 0) {
  return queryOptions({
    queryKey: catalogKeys.storeCatalog(storeId, limit, offset),
    queryFn: async ({ signal }) => (await getStoreCatalog(storeId, limit, offset, signal)).data,
    placeholderData: keepPreviousData,
    meta: { toast: { fallback: CATALOG_MESSAGES.products } },
  });
}

export function useStoreCatalog(storeId: string, limit = 20, offset = 0) {
  return useQuery(storeCatalogQueryOptions(storeId, limit, offset));
}
