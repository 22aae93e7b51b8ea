import { useParams } from 'react-router';
import { StaffReturnDetail } from '../../../features/returns/components/staff-return-detail';
import { useDocumentTitle } from '../../../lib/document-title';

/** `/merchant/returns/:id`: one return and the store's decision. */
export function Component() {
  useDocumentTitle('Return');
  const { id = '' } = useParams();
  return <StaffReturnDetail viewer="merchant" id={id} backTo="/merchant/returns" />;
}
