import { PageHeader } from '../../../components/ui/page-header';
import { CarrierCashScreen } from '../../../features/pay-on-delivery/components/carrier-cash-screen';
import { useDocumentTitle } from '../../../lib/document-title';
import { AreaTabs } from '../../layouts/area-tabs';

/** `/admin/orders/cash`: a platform dispatcher's cash taken at the door, and its remittance (ADR 074). */
export function Component() {
  useDocumentTitle('Cash held');
  return (
    <section className="space-y-4">
      <PageHeader
        title="Cash held"
        description="Money you took at the door for orders paid on delivery, until you remit it to the platform."
      />
      <AreaTabs bar="orders" />
      <CarrierCashScreen kind="admin" />
    </section>
  );
}
