import { PageHeader } from '../../../components/ui/page-header';
import { CarrierCashScreen } from '../../../features/pay-on-delivery/components/carrier-cash-screen';
import { useDocumentTitle } from '../../../lib/document-title';

/** `/shipping-partner/cash`: customers' cash taken at the door, and its remittance to the platform (ADR 074). */
export function Component() {
  useDocumentTitle('Cash held');
  return (
    <>
      <PageHeader
        title="Cash held"
        description="Money you took at the door for orders paid on delivery, until you remit it to the platform."
      />
      <CarrierCashScreen kind="partner" />
    </>
  );
}
