import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { GiftCardPurchaseForm } from '../../../features/gift-cards/components/gift-card-purchase-form';
import { useDocumentTitle } from '../../../lib/document-title';
import { RequireSession } from '../../require-session';

/** `/gift-cards`: buy a gift card. */
export function Component() {
  useDocumentTitle('Gift cards');
  return (
    <RequireSession kind="customer">
      <PageHeader
        title="Buy a gift card"
        description="Spend it on anything on Naija Market, shipping included."
        actions={
          <Link
            to="/account/gift-cards"
            className="inline-flex min-h-11 items-center font-semibold text-emerald-800 underline"
          >
            Your gift cards
          </Link>
        }
      />
      <GiftCardPurchaseForm />
    </RequireSession>
  );
}
