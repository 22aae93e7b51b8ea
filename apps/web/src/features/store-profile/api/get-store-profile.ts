import { storeProfileEndpoints } from '@market/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const storeProfileKeys = { all: ['store-profile'] as const };

export function getStoreProfile(signal?: AbortSignal) {
  return api(storeProfileEndpoints.get, { kind: 'merchant', signal });
}

export function storeProfileQueryOptions() {
  return queryOptions({
    queryKey: storeProfileKeys.all,
    queryFn: async ({ signal }) => (await getStoreProfile(signal)).data,
  });
}

export function useStoreProfile() {
  return useQuery(storeProfileQueryOptions());
}
