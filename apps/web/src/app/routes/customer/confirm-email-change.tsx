import { useParams } from 'react-router';
import { ConfirmEmailChange } from '../../../features/profile/components/confirm-email-change';
import { useDocumentTitle } from '../../../lib/document-title';

/** `/customer/confirm-email-change/:token`: the link mailed to a new address. */
export function Component() {
  useDocumentTitle('Confirm your new email');
  const { token = '' } = useParams();
  return <ConfirmEmailChange token={token} />;
}
