import { storeFollowEndpoints } from '@market/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { STORE_MESSAGES, storesKeys } from './stores-keys';

export function listFollowing(page: number, limit: number, signal?: AbortSignal) {
  return api(storeFollowEndpoints.following, { kind: 'customer', query: { page, limit }, signal });
}

export function followingQueryOptions(page: number, limit = 12) {
  return queryOptions({
    queryKey: storesKeys.following({ page, limit }),
    queryFn: async ({ signal }) => (await listFollowing(page, limit, signal)).data,
    placeholderData: keepPreviousData,
    meta: { toast: { fallback: STORE_MESSAGES.stores } },
  });
}

export function useFollowing(page: number, limit = 12) {
  return useQuery(followingQueryOptions(page, limit));
}
