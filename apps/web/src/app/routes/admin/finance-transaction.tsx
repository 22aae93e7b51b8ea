import { useParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { TransactionDetail } from '../../../features/finance/components/transaction-detail';
import { useDocumentTitle } from '../../../lib/document-title';
import { AreaTabs } from '../../layouts/area-tabs';
import { CatalogAdminOnly } from './catalog-admin-only';

export function Component() {
  useDocumentTitle('Transaction');
  const { id = '' } = useParams();
  return (
    <CatalogAdminOnly>
      <PageHeader title="Transaction" description="One payment and the order lines it paid." />
      <AreaTabs bar="finance" />
      <TransactionDetail id={id} />
    </CatalogAdminOnly>
  );
}
