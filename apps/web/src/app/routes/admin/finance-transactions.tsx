import { PageHeader } from '../../../components/ui/page-header';
import { TransactionsList } from '../../../features/finance/components/transactions-list';
import { useDocumentTitle } from '../../../lib/document-title';
import { AreaTabs } from '../../layouts/area-tabs';
import { CatalogAdminOnly } from './catalog-admin-only';

export function Component() {
  useDocumentTitle('Transactions');
  return (
    <CatalogAdminOnly>
      <PageHeader title="Finance" description="Every payment taken through the provider, newest first." />
      <AreaTabs bar="finance" />
      <TransactionsList />
    </CatalogAdminOnly>
  );
}
