import type { GiftCardStatus } from '@market/contracts';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { MyGiftCards } from '../../../features/gift-cards/components/my-gift-cards';
import { useDocumentTitle } from '../../../lib/document-title';
import { RequireSession } from '../../require-session';

/** `/account/gift-cards`: the gift cards the customer bought. */
export function Component() {
  useDocumentTitle('Your gift cards');
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const status = (search.get('status') ?? '') as GiftCardStatus | '';
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
      <MyGiftCards
        page={page}
        status={status}
        onChange={(next) => {
          const params = new URLSearchParams();
          if (next.page > 1) params.set('page', String(next.page));
          if (next.status) params.set('status', next.status);
          setSearch(params);
        }}
      />
    </RequireSession>
  );
}
