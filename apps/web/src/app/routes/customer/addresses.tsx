import { PageHeader } from '../../../components/ui/page-header';
import { AddressBook } from '../../../features/addresses/components/address-book';
import { useInvalidateCart } from '../../../features/cart/api/get-cart';
import { useDocumentTitle } from '../../../lib/document-title';
import { RequireSession } from '../../require-session';

/** `/account/addresses`: the address book. */
export function Component() {
  useDocumentTitle('Your addresses');
  const invalidateCart = useInvalidateCart();
  return (
    <RequireSession kind="customer">
      <PageHeader title="Your addresses" description="Where we deliver your orders." />
      <div className="max-w-2xl">
        <AddressBook onChanged={invalidateCart} />
      </div>
    </RequireSession>
  );
}
