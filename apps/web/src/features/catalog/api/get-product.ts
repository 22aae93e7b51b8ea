import { customerProductEndpoints } from '@market/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CATALOG_MESSAGES, catalogKeys } from './catalog-keys';

export function getProduct(id: string, signal?: AbortSignal) {
  return api(customerProductEndpoints.one, { kind: 'customer', params: { id }, signal });
}

export function productQueryOptions(id: string) {
  return queryOptions({
    queryKey: catalogKeys.product(id),
    queryFn: async ({ signal }) => (await getProduct(id, signal)).data,
    meta: { toast: { fallback: CATALOG_MESSAGES.product } },
  });
}

export function useProduct(id: string) {
  return useQuery(productQueryOptions(id));
}
