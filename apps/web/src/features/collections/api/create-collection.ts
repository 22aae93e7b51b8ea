import { type CreateCollectionBody, featuredCollectionEndpoints } from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { collectionsKeys } from './list-collections';

export function createCollection(body: CreateCollectionBody) {
  return api(featuredCollectionEndpoints.create, { kind: 'merchant', body });
}

export function useCreateCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCollection,
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: collectionsKeys.all });
    },
  });
}
