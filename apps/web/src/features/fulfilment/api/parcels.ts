import { type ParcelLabelsAnswer, parcelLabelEndpoints, type ScannedParcel } from '@market/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/open-file';

/** The labels of the orders named (store staff or admins), with the orders that got none and why. */
export function useParcelLabels(kind: 'merchant' | 'admin', orderIds: string[]) {
  return useQuery({
    queryKey: ['fulfilment', kind, 'labels', orderIds] as const,
    queryFn: async (): Promise<ParcelLabelsAnswer> =>
      (await api(parcelLabelEndpoints.labels, { kind, body: { orderIds } })).data,
    enabled: orderIds.length > 0,
    // A label is printed once; a refetch would only redraw the same codes.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Which of the carrier's orders a scanned label names; refusals come back for the screen to show, no toast. */
export function useScanParcel() {
  return useMutation({
    mutationFn: async (parcel: string): Promise<ScannedParcel> =>
      (await api(parcelLabelEndpoints.scan, { kind: 'partner', body: { parcel } })).data,
    meta: { toast: false },
  });
}

/** Saves the chosen orders' labels as one PDF, a page per parcel (fetched with the session's token). */
export function useDownloadLabelsPdf(kind: 'merchant' | 'admin') {
  return useMutation({
    mutationFn: async (orderIds: string[]) => {
      const blob = (await api(parcelLabelEndpoints.labelsPdf, {
        kind,
        body: { orderIds },
        responseType: 'blob',
      })) as unknown as Blob;
      saveBlob(blob, 'parcel-labels.pdf');
    },
    meta: { toast: { fallback: 'Could not prepare the PDF. Try again.' } },
  });
}
