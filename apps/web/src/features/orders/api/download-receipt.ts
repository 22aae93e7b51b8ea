import { customerOrderEndpoints } from '@market/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/open-file';

/** Saves the order's PDF receipt (fetched with the session's token, so not a plain link). */
export function useDownloadReceipt() {
  return useMutation({
    mutationFn: async (order: { id: string; orderName: string }) => {
      const blob = (await api(customerOrderEndpoints.receipt, {
        kind: 'customer',
        params: { id: order.id },
        responseType: 'blob',
      })) as unknown as Blob;
      saveBlob(blob, `receipt-${order.orderName}.pdf`);
    },
    meta: { toast: { fallback: 'Could not download the receipt. Try again.' } },
  });
}
