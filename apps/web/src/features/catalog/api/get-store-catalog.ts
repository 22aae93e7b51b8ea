import { customerProductEndpoints } from '@market/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CATALOG_MESSAGES, catalogKeys } from './catalog-keys';

export function getStoreCatalog(
  storeId: string,
  limit: number,
  offset: number,
  categoryId?: string,
  signal?: AbortSignal,
) {
  return api(customerProductEndpoints.storeCatalog, {
    kind: 'customer',
    query: { storeId, limit, offset, ...(categoryId ? { categoryId } : {}) },
    signal,
  });
}

/** A store's public catalog, newest first; with a category (any level), only its products. */
export function storeCatalogQueryOptions(storeId: string, limit = 20, offset = 0, categoryId?: string) {
  return queryOptions({
    queryKey: catalogKeys.storeCatalog(storeId, limit, offset, categoryId),
    queryFn: async ({ signal }) => (await getStoreCatalog(storeId, limit, offset, categoryId, signal)).data,
    placeholderData: keepPreviousData,
    meta: { toast: { fallback: CATALOG_MESSAGES.products } },
  });
}

export function useStoreCatalog(storeId: string, limit = 20, offset = 0, categoryId?: string) {
  return useQuery(storeCatalogQueryOptions(storeId, limit, offset, categoryId));
}
