import { useParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { ParcelScanner } from '../../../features/fulfilment/components/parcel-scanner';
import { useDocumentTitle } from '../../../lib/document-title';

/**
 * `/shipping-partner/scan` (the camera, or the code typed) and `/shipping-partner/scan/:reference` (the link a
 * phone's camera app opens from a label's QR code).
 */
export function Component() {
  useDocumentTitle('Scan a parcel');
  const { reference } = useParams();
  return (
    <section className="space-y-4">
      <PageHeader
        title="Scan a parcel"
        description="Scan the label at every hand-over: at pickup, at the hub and at the door."
      />
      <ParcelScanner initial={reference} />
    </section>
  );
}
