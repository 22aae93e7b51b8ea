import { Button } from '../../../components/ui/button';
import { useDownloadReceipt } from '../api/download-receipt';

/** "Download receipt (PDF)" for a paid order of the customer's. */
export function ReceiptButton({ order }: { order: { id: string; orderName: string } }) {
  const download = useDownloadReceipt();
  return (
    <Button
      variant="secondary"
      className="min-h-11"
      onClick={() => download.mutate(order)}
      disabled={download.isPending}
    >
      {download.isPending ? 'Preparing the receipt…' : 'Download receipt (PDF)'}
    </Button>
  );
}
