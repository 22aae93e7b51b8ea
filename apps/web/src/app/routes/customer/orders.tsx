import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { OrdersList } from '../../../features/orders/components/orders-list';
import { useDocumentTitle } from '../../../lib/document-title';
import { RequireSession } from '../../require-session';

/** `/account/orders?page=&status=`: order history. */
export function Component() {
  useDocumentTitle('Your orders');
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const status = search.get('status') ?? '';
  return (
    <RequireSession kind="customer">
      <PageHeader title="Your orders" />
      <OrdersList
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
