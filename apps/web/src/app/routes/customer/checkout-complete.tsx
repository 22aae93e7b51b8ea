import { useSearchParams } from 'react-router';
import { useInvalidateCart } from '../../../features/cart/api/get-cart';
import { CheckoutComplete } from '../../../features/checkout/components/checkout-complete';
import { useDocumentTitle } from '../../../lib/document-title';
import { RequireSession } from '../../require-session';

/** `/checkout/complete?reference=…&trxref=…`: where the payment page sends the customer back. */
export function Component() {
  useDocumentTitle('Payment');
  const [search] = useSearchParams();
  const reference = search.get('reference') ?? search.get('trxref') ?? '';
  const invalidateCart = useInvalidateCart();
  return (
    <RequireSession kind="customer">
      <CheckoutComplete reference={reference} onPaid={invalidateCart} />
    </RequireSession>
  );
}
