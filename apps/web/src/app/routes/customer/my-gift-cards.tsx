import type { GiftCardStatus } from '@market/contracts';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { MyGiftCards } from '../../../features/gift-cards/components/my-gift-cards';
import { useDocumentTitle } from '../../../lib/document-title';
import { useListSearch } from '../../../lib/list-search';
import { RequireSession } from '../../require-session';

/** `/account/gift-cards`: the gift cards the customer bought. */
export function Component() {
  useDocumentTitle('Your gift cards');
  const { page, filters, change } = useListSearch(['status'], { push: true, pageFirst: true });
  return (
    <RequireSession kind="customer">
      <PageHeader
        title="Your gift cards"
        actions={
          <Link to="/gift-cards" className={buttonClasses('primary')}>
            Buy a gift card
          </Link>
        }
      />
      <MyGiftCards page={page} status={filters.status as GiftCardStatus | ''} onChange={change} />
    </RequireSession>
  );
}
