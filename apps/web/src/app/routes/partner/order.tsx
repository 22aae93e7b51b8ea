import { useParams } from 'react-router';
import { PartnerOrderDetail } from '../../../features/fulfilment/components/partner-order-detail';
import { useDocumentTitle } from '../../../lib/document-title';

/** `/shipping-partner/orders/:id`: one assigned order with the stepper, actions and dispatcher. */
export function Component() {
  useDocumentTitle('Order');
  const { id = '' } = useParams();
  return <PartnerOrderDetail id={id} />;
}
