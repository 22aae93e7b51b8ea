import { customerProductEndpoints } from '@market/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CATALOG_MESSAGES, catalogKeys } from './catalog-keys';

export function getOfficialOutlets(productsPerStore: number, signal?: AbortSignal) {
  return api(customerProductEndpoints.officialOutlets, {
    kind: 'customer',
    query: { productsPerStore },
    signal,
  });
}

/** Official outlets arrive keyed by store id; the page shows them as a list. */
export function officialOutletsQueryOptions(productsPerStore = 4) {
  return queryOptions({
    queryKey: catalogKeys.officialOutlets(productsPerStore),
    queryFn: async ({ signal }) => Object.values((await getOfficialOutlets(productsPerStore, signal)).data),
    meta: { toast: { fallback: CATALOG_MESSAGES.stores } },
  });
}

export function useOfficialOutlets(productsPerStore = 4) {
  return useQuery(officialOutletsQueryOptions(productsPerStore));
}
