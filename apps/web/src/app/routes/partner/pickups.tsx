import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { CarrierPickups } from '../../../features/returns/components/pickups';
import { useDocumentTitle } from '../../../lib/document-title';

/** `/shipping-partner/pickups`: returned items the partner collects from customers and takes back to the store. */
export function Component() {
  useDocumentTitle('Return pickups');
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  return (
    <>
      <PageHeader
        title="Return pickups"
        description="Collect the items with the customer's pickup token and a photo, then leave them at the store with a photo."
      />
      <CarrierPickups
        viewer="partner"
        page={page}
        onPage={(next) => setSearch(next > 1 ? { page: String(next) } : {})}
      />
    </>
  );
}
