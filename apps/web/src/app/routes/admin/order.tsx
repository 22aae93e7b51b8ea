import { Link, useParams } from 'react-router';
import { useHasPermission } from '../../../features/auth/api/permissions';
import { StaffOrderDetail } from '../../../features/fulfilment/components/staff-order-detail';
import { useDocumentTitle } from '../../../lib/document-title';
import { ReadAllOnly, useCanReadAllOrders } from './orders-nav';

/** `/admin/orders/:id`: one order, its history, assignment and token. */
export function Component() {
  useDocumentTitle('Order');
  const { id = '' } = useParams();
  const canIssueToken = useHasPermission('admin', 'orders:tokens');
  const canReadAudit = useHasPermission('admin', 'audit:read');
  return (
    <ReadAllOnly carrier>
      <StaffOrderDetail
        viewer="admin"
        canIssueToken={canIssueToken}
        id={id}
        backTo={useCanReadAllOrders() ? '/admin/orders/all' : '/admin/orders/mine'}
      />
      {canReadAudit ? (
        <p className="mt-2 text-sm">
          <Link
            className="inline-flex min-h-11 items-center font-semibold text-emerald-800 underline"
            to={`/admin/audit?subjectType=order&subjectId=${encodeURIComponent(id)}`}
          >
            Audit trail of this order
          </Link>
        </p>
      ) : null}
    </ReadAllOnly>
  );
}
