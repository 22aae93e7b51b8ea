import { storeProfileEndpoints } from '@market/contracts';
import { api } from '../../../lib/api-client';
import { useNotifiedMutation } from '../../../lib/notified-mutation';
import { storeProfileKeys } from './get-store-profile';

export function uploadLogo(file: File) {
  const form = new FormData();
  form.append('logo', file);
  return api(storeProfileEndpoints.uploadLogo, { kind: 'merchant', form });
}

/** Uploads the logo; it becomes the store's logo at once. */
export function useUploadLogo() {
  return useNotifiedMutation(uploadLogo, { invalidate: storeProfileKeys.all });
}
