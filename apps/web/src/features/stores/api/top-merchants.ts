import { merchantDirectoryEndpoints } from '@market/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { STORE_MESSAGES, storesKeys } from './stores-keys';

export function getTopMerchants(limit: number, signal?: AbortSignal) {
  return api(merchantDirectoryEndpoints.top, { kind: 'customer', query: { limit }, signal });
}

export function topMerchantsQueryOptions(limit = 8) {
  return queryOptions({
    queryKey: storesKeys.top(limit),
    queryFn: async ({ signal }) => (await getTopMerchants(limit, signal)).data,
    meta: { toast: { fallback: STORE_MESSAGES.stores } },
  });
}

export function useTopMerchants(limit = 8) {
  return useQuery(topMerchantsQueryOptions(limit));
}
