import { storeAdminEndpoints } from '@market/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { openBlob } from '../../../lib/open-file';

export async function downloadStoreDocument(id: string, fileId: string) {
  return (await api(storeAdminEndpoints.document, {
    kind: 'admin',
    params: { id, fileId },
    responseType: 'blob',
  })) as Blob;
}

/** Private documents are no public URLs: fetched with the bearer token, shown from an object URL. */
export function useOpenStoreDocument(id: string) {
  return useMutation({
    mutationFn: async (fileId: string) => openBlob(await downloadStoreDocument(id, fileId)),
    onError: (error) => notifyError(error),
  });
}
