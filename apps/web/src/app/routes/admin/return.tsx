import { useParams } from 'react-router';
import { StaffReturnDetail } from '../../../features/returns/components/staff-return-detail';
import { useDocumentTitle } from '../../../lib/document-title';

/** `/admin/returns/:id`: a return, its dispute, refunds and chargeback decision. */
export function Component() {
  useDocumentTitle('Return');
  const { id = '' } = useParams();
  return <StaffReturnDetail viewer="admin" id={id} backTo="/admin/returns" />;
}
