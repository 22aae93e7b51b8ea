import { PageHeader } from '../../../components/ui/page-header';
import { AdminPickupQueue, CarrierPickups } from '../../../features/returns/components/pickups';
import { useDocumentTitle } from '../../../lib/document-title';
import { useListSearch } from '../../../lib/list-search';
import { AreaTabs } from '../../layouts/area-tabs';
import { useCanCarryOrders } from './orders-nav';

/** `/admin/orders/pickups`: returned items waiting for a carrier to collect them, and a dispatcher's own pickups. */
export function Component() {
  useDocumentTitle('Return pickups');
  const { page, change } = useListSearch([], { push: true });
  const canCarry = useCanCarryOrders();
  return (
    <>
      <PageHeader
        title="Return pickups"
        description="Returned items to collect from customers and take back to the store. Assign a shipping partner or a dispatcher."
      />
      <AreaTabs bar="orders" />
      {canCarry ? (
        <section aria-labelledby="my-pickups" className="mb-6 space-y-2">
          <h2 id="my-pickups" className="text-lg font-bold text-slate-900">
            Your pickups
          </h2>
          <CarrierPickups viewer="admin" page={1} onPage={() => undefined} />
        </section>
      ) : null}
      <section aria-labelledby="all-pickups" className="space-y-2">
        <h2 id="all-pickups" className="text-lg font-bold text-slate-900">
          All pickups
        </h2>
        <AdminPickupQueue page={page} onPage={(next) => change({ page: next })} />
      </section>
    </>
  );
}
