import { PageHeader } from '../../../components/ui/page-header';
import { PaymentReportScreen } from '../../../features/finance/components/payment-report-screen';
import { useDocumentTitle } from '../../../lib/document-title';
import { RequireStorePermission } from './require-store-permission';

export function Component() {
  useDocumentTitle('Payment report');
  return (
    <section>
      <PageHeader
        title="Payment report"
        description="What you sold, the platform's commission, refunds, what you are owed and what was paid to you."
      />
      <RequireStorePermission permission="payouts:read" area="Payment report">
        <PaymentReportScreen />
      </RequireStorePermission>
    </section>
  );
}
