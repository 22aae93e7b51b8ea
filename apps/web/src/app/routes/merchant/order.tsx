import { useParams } from 'react-router';
import { StaffOrderDetail } from '../../../features/fulfilment/components/staff-order-detail';
import { useDocumentTitle } from '../../../lib/document-title';

/** `/merchant/orders/:id`: one of the store's orders with its timeline and the actions allowed now. */
export function Component() {
  useDocumentTitle('Order');
  const { id = '' } = useParams();
  return <StaffOrderDetail viewer="merchant" id={id} backTo="/merchant/orders" />;
}
