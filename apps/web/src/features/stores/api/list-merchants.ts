import { merchantDirectoryEndpoints } from '@market/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { STORE_MESSAGES, storesKeys } from './stores-keys';

export interface MerchantsParams {
  page: number;
  limit: number;
  search?: string;
}

export function listMerchants(params: MerchantsParams, signal?: AbortSignal) {
  return api(merchantDirectoryEndpoints.list, { kind: 'customer', query: params, signal });
}

export function merchantsQueryOptions(params: MerchantsParams) {
  return queryOptions({
    queryKey: storesKeys.directory(params),
    queryFn: async ({ signal }) => (await listMerchants(params, signal)).data,
    placeholderData: keepPreviousData,
    meta: { toast: { fallback: STORE_MESSAGES.stores } },
  });
}

export function useMerchants(params: MerchantsParams) {
  return useQuery(merchantsQueryOptions(params));
}
