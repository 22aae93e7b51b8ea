import { merchantDirectoryEndpoints } from '@market/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { STORE_MESSAGES, storesKeys } from './stores-keys';

export function getMerchant(storeUrl: string, signal?: AbortSignal) {
  return api(merchantDirectoryEndpoints.one, { kind: 'customer', params: { storeUrl }, signal });
}

/** One approved store by its storefront slug. */
export function merchantQueryOptions(storeUrl: string) {
  return queryOptions({
    queryKey: storesKeys.one(storeUrl),
    queryFn: async ({ signal }) => (await getMerchant(storeUrl, signal)).data,
    meta: { toast: { fallback: STORE_MESSAGES.merchant } },
  });
}

export function useMerchant(storeUrl: string) {
  return useQuery(merchantQueryOptions(storeUrl));
}
