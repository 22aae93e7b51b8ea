import { PageHeader } from '../../../components/ui/page-header';
import { OrdersList } from '../../../features/orders/components/orders-list';
import { useDocumentTitle } from '../../../lib/document-title';
import { useListSearch } from '../../../lib/list-search';
import { RequireSession } from '../../require-session';

/** `/account/orders?page=&status=`: order history. */
export function Component() {
  useDocumentTitle('Your orders');
  const { page, filters, change } = useListSearch(['status'], { push: true, pageFirst: true });
  return (
    <RequireSession kind="customer">
      <PageHeader title="Your orders" />
      <OrdersList page={page} status={filters.status} onChange={change} />
    </RequireSession>
  );
}
