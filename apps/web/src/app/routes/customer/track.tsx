import { useParams } from 'react-router';
import { TrackingPage } from '../../../features/tracking/components/tracking-page';
import { useDocumentTitle } from '../../../lib/document-title';

/** `/t/:token`: the signed tracking link of an order's messages; no sign-in. */
export function Component() {
  useDocumentTitle('Track your order');
  const { token = '' } = useParams();
  return <TrackingPage token={token} />;
}
