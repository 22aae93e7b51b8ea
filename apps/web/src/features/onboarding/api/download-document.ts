import { onboardingEndpoints } from '@market/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { openBlob } from '../../../lib/open-file';

export async function downloadDocument(id: string) {
  return (await api(onboardingEndpoints.downloadDocument, {
    kind: 'merchant',
    params: { id },
    responseType: 'blob',
  })) as Blob;
}

/** Opens one of the merchant's own documents (private: fetched with the token, shown from an object URL). */
export function useOpenDocument() {
  return useMutation({ mutationFn: async (id: string) => openBlob(await downloadDocument(id)) });
}
