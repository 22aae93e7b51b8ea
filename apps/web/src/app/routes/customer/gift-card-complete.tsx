import { Navigate, useSearchParams } from 'react-router';
import { GiftCardReturn } from '../../../features/gift-cards/components/gift-card-return';
import { useDocumentTitle } from '../../../lib/document-title';
import { RequireSession } from '../../require-session';

/** `/customer/gift-cards?reference=…`: where the payment page sends a gift card buyer back (the server's callbackPath). */
export function Component() {
  useDocumentTitle('Gift card payment');
  const [search] = useSearchParams();
  const reference = search.get('reference') ?? search.get('trxref') ?? '';
  if (!reference) return <Navigate to="/account/gift-cards" replace />;
  return (
    <RequireSession kind="customer">
      <GiftCardReturn reference={reference} />
    </RequireSession>
  );
}
