import { useParams } from 'react-router';
import { useHasPermission } from '../../../features/auth/api/permissions';
import { StaffOrderDetail } from '../../../features/fulfilment/components/staff-order-detail';
import { useDocumentTitle } from '../../../lib/document-title';
import { ReadAllOnly, useCanReadAllOrders } from './orders-nav';

/** `/admin/orders/:id`: one order, its history, assignment and token. */
export function Component() {
  useDocumentTitle('Order');
  const { id = '' } = useParams();
  const canIssueToken = useHasPermission('admin', 'orders:tokens');
  return (
    <ReadAllOnly carrier>
      <StaffOrderDetail
        viewer="admin"
        canIssueToken={canIssueToken}
        id={id}
        backTo={useCanReadAllOrders() ? '/admin/orders/all' : '/admin/orders/mine'}
      />
    </ReadAllOnly>
  );
}
