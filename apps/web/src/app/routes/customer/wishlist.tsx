import { PageHeader } from '../../../components/ui/page-header';
import { WishlistList } from '../../../features/wishlist/components/wishlist-list';
import { useDocumentTitle } from '../../../lib/document-title';
import { RequireSession } from '../../require-session';

/** `/account/wishlist`: products the customer saved for later. */
export function Component() {
  useDocumentTitle('Your wishlist');
  return (
    <RequireSession kind="customer">
      <PageHeader
        title="Your wishlist"
        description="We tell you when a saved product gets cheaper or is back in stock."
      />
      <WishlistList />
    </RequireSession>
  );
}
