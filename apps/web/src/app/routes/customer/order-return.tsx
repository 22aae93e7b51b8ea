import { useParams } from 'react-router';
import { ReturnForm } from '../../../features/returns/components/return-form';
import { useDocumentTitle } from '../../../lib/document-title';
import { RequireSession } from '../../require-session';

/** `/account/orders/:id/return`: return or replace items of a delivered order. */
export function Component() {
  useDocumentTitle('Return or replace items');
  const { id = '' } = useParams();
  return (
    <RequireSession kind="customer">
      <ReturnForm orderId={id} />
    </RequireSession>
  );
}
