import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { OrderSearch } from '../../../features/fulfilment/components/order-search';
import { useDocumentTitle } from '../../../lib/document-title';
import { AreaTabs } from '../../layouts/area-tabs';
import { ReadAllOnly } from './orders-nav';

/** `/admin/orders/search?q=…`: one search box across every store's orders. */
export function Component() {
  useDocumentTitle('Search orders');
  const [search, setSearch] = useSearchParams();
  return (
    <ReadAllOnly>
      <PageHeader title="Search orders" />
      <AreaTabs bar="orders" />
      <OrderSearch q={search.get('q') ?? ''} onChange={(q) => setSearch(q ? { q } : {}, { replace: true })} />
    </ReadAllOnly>
  );
}
