import { onboardingEndpoints } from '@market/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type DocumentKind = 'id-document' | 'proof-of-address';

export function uploadDocument(kind: DocumentKind, file: File) {
  const form = new FormData();
  form.append('file', file);
  return api(onboardingEndpoints.uploadDocument, { kind: 'merchant', query: { kind }, form });
}

/** Uploads a private document (ID or proof of address); it is stored where only the merchant and admins see it. */
export function useUploadDocument(kind: DocumentKind) {
  return useMutation({ mutationFn: (file: File) => uploadDocument(kind, file) });
}
