import { productEndpoints } from '@market/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function uploadProductImage(file: File) {
  const form = new FormData();
  form.append('image', file);
  return api(productEndpoints.uploadImage, { kind: 'merchant', form });
}

export function useUploadProductImage() {
  return useMutation({ mutationFn: uploadProductImage });
}
