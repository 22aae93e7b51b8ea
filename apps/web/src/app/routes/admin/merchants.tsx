import { PageHeader } from '../../../components/ui/page-header';
import { MerchantsList } from '../../../features/merchants-admin/components/merchants-list';
import { TopMerchants } from '../../../features/merchants-admin/components/top-merchants';
import { lagosDaysAgo } from '../../../lib/dates';
import { useDocumentTitle } from '../../../lib/document-title';
import { CatalogAdminOnly } from './catalog-admin-only';

export function Component() {
  useDocumentTitle('Merchants');
  return (
    <CatalogAdminOnly>
      <PageHeader title="Merchants" description="Store owners, their stores and what they sell." />
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <MerchantsList />
        <TopMerchants from={lagosDaysAgo(29)} to={lagosDaysAgo(0)} />
      </div>
    </CatalogAdminOnly>
  );
}
