import { featuredCollectionEndpoints } from '@market/contracts';
import { api } from '../../../lib/api-client';
import { useNotifiedMutation } from '../../../lib/notified-mutation';
import { collectionsKeys } from './list-collections';

export function deleteCollection(collectionId: string) {
  return api(featuredCollectionEndpoints.remove, { kind: 'merchant', params: { collectionId } });
}

export function useDeleteCollection() {
  return useNotifiedMutation(deleteCollection, { invalidate: collectionsKeys.all });
}
