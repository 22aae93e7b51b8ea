import { useParams, useSearchParams } from 'react-router';
import { PartnerOrderDetail } from '../../../features/fulfilment/components/partner-order-detail';
import { useDocumentTitle } from '../../../lib/document-title';

/** `/shipping-partner/orders/:id`: one assigned order with the stepper, actions and dispatcher. */
export function Component() {
  useDocumentTitle('Order');
  const { id = '' } = useParams();
  // Set by the scan page when the carrier reached this order by scanning its label (ADR 078).
  const parcel = useSearchParams()[0].get('parcel') ?? undefined;
  return <PartnerOrderDetail id={id} parcel={parcel} />;
}
