import { featuredCollectionEndpoints } from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { collectionsKeys } from './list-collections';

export function deleteCollection(collectionId: string) {
  return api(featuredCollectionEndpoints.remove, { kind: 'merchant', params: { collectionId } });
}

export function useDeleteCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCollection,
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: collectionsKeys.all });
    },
    onError: (error) => notifyError(error),
  });
}
