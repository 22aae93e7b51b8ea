import { PageHeader } from '../../../components/ui/page-header';
import { FinanceReportScreen } from '../../../features/finance/components/finance-report-screen';
import { useDocumentTitle } from '../../../lib/document-title';
import { AreaTabs } from '../../layouts/area-tabs';
import { CatalogAdminOnly } from './catalog-admin-only';

export function Component() {
  useDocumentTitle('Finance report');
  return (
    <CatalogAdminOnly>
      <PageHeader
        title="Finance"
        description="Sales, commission, refunds and what every merchant is owed and was paid, by Lagos day."
      />
      <AreaTabs bar="finance" />
      <FinanceReportScreen />
    </CatalogAdminOnly>
  );
}
