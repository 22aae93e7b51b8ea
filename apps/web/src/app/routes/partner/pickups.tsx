import { PageHeader } from '../../../components/ui/page-header';
import { CarrierPickups } from '../../../features/returns/components/pickups';
import { useDocumentTitle } from '../../../lib/document-title';
import { useListSearch } from '../../../lib/list-search';

/** `/shipping-partner/pickups`: returned items the partner collects from customers and takes back to the store. */
export function Component() {
  useDocumentTitle('Return pickups');
  const { page, change } = useListSearch([], { push: true });
  return (
    <>
      <PageHeader
        title="Return pickups"
        description="Collect the items with the customer's pickup token and a photo, then leave them at the store with a photo."
      />
      <CarrierPickups viewer="partner" page={page} onPage={(next) => change({ page: next })} />
    </>
  );
}
