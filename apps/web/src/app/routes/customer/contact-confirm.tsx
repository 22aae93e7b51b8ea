import { useParams } from 'react-router';
import { ConfirmContactAddress } from '../../../features/contact/components/confirm-contact-address';
import { useDocumentTitle } from '../../../lib/document-title';

/** `/contact-us/confirm/:token`: the link of the contact form's first mail. */
export function Component() {
  useDocumentTitle('Confirm your address');
  const { token = '' } = useParams();
  return <ConfirmContactAddress token={token} />;
}
