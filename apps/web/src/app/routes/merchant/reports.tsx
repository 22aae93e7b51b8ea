import { PageHeader } from '../../../components/ui/page-header';
import { SalesReportScreen } from '../../../features/reports/components/sales-report-screen';
import { useDocumentTitle } from '../../../lib/document-title';

export function Component() {
  useDocumentTitle('Sales reports');
  return (
    <section>
      <PageHeader
        title="Sales reports"
        description="Sales, orders, products sold and returns by day, week or month; by product, customer and place."
      />
      <SalesReportScreen />
    </section>
  );
}
