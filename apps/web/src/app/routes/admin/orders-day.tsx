import { PageHeader } from '../../../components/ui/page-header';
import { CarrierDay } from '../../../features/carrier-day/components/carrier-day';
import { useDocumentTitle } from '../../../lib/document-title';
import { AreaTabs } from '../../layouts/area-tabs';

/** `/admin/orders/day`: a dispatcher's stops, grouped by state and LGA, with call, WhatsApp and map links. */
export function Component() {
  useDocumentTitle('My day');
  return (
    <>
      <PageHeader
        title="My day"
        description="Orders to collect and deliver, and returns to collect, grouped by area."
      />
      <AreaTabs bar="orders" />
      <CarrierDay viewer="admin" />
    </>
  );
}
