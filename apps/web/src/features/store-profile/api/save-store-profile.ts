import { type StoreProfileBody, storeProfileEndpoints } from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { storeProfileKeys } from './get-store-profile';

export function saveStoreProfile(body: StoreProfileBody) {
  return api(storeProfileEndpoints.save, { kind: 'merchant', body });
}

/** Saves the profile; toasts 'Successfully added store profile'. */
export function useSaveStoreProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveStoreProfile,
    onSuccess: (answer) => {
      notifySuccess(answer.message || 'Successfully added store profile');
      queryClient.setQueryData(storeProfileKeys.all, answer.data);
    },
  });
}
