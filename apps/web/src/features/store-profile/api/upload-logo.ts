import { storeProfileEndpoints } from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { storeProfileKeys } from './get-store-profile';

export function uploadLogo(file: File) {
  const form = new FormData();
  form.append('logo', file);
  return api(storeProfileEndpoints.uploadLogo, { kind: 'merchant', form });
}

/** Uploads the logo; it becomes the store's logo at once. */
export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadLogo,
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: storeProfileKeys.all });
    },
    onError: (error) => notifyError(error),
  });
}
