import { PageHeader } from '../../../components/ui/page-header';
import { PartnerOrders } from '../../../features/fulfilment/components/partner-orders';
import { useDocumentTitle } from '../../../lib/document-title';
import { useListSearch } from '../../../lib/list-search';

/** `/shipping-partner/orders`: orders assigned to the partner. */
export function Component() {
  useDocumentTitle('Assigned orders');
  const { page, change } = useListSearch([], { push: true });
  return (
    <>
      <PageHeader title="Assigned orders" />
      <PartnerOrders page={page} onPage={(next) => change({ page: next })} />
    </>
  );
}
