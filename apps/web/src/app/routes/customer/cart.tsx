import { PageHeader } from '../../../components/ui/page-header';
import { CartView } from '../../../features/cart/components/cart-view';
import { useDocumentTitle } from '../../../lib/document-title';
import { RequireSession } from '../../require-session';

/** `/cart`: the customer's cart. */
export function Component() {
  useDocumentTitle('Your cart');
  return (
    <RequireSession kind="customer">
      <PageHeader title="Your cart" />
      <CartView />
    </RequireSession>
  );
}
