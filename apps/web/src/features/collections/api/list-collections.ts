import { featuredCollectionEndpoints } from '@market/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type CollectionStatus = 'active' | 'inactive';
export const collectionsKeys = {
  all: ['collections'] as const,
  list: (status?: CollectionStatus) => ['collections', 'list', status ?? 'all'] as const,
  products: (id: string) => ['collections', 'products', id] as const,
};

export function listCollections(status?: CollectionStatus, signal?: AbortSignal) {
  return api(featuredCollectionEndpoints.list, { kind: 'merchant', query: { status }, signal });
}

export function collectionsQueryOptions(status?: CollectionStatus) {
  return queryOptions({
    queryKey: collectionsKeys.list(status),
    queryFn: async ({ signal }) => (await listCollections(status, signal)).data,
  });
}

export function useCollections(status?: CollectionStatus) {
  return useQuery(collectionsQueryOptions(status));
}
