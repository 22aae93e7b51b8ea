import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { PartnerOrders } from '../../../features/fulfilment/components/partner-orders';
import { useDocumentTitle } from '../../../lib/document-title';

/** `/shipping-partner/orders`: orders assigned to the partner. */
export function Component() {
  useDocumentTitle('Assigned orders');
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  return (
    <>
      <PageHeader title="Assigned orders" />
      <PartnerOrders page={page} onPage={(next) => setSearch(next > 1 ? { page: String(next) } : {})} />
    </>
  );
}
