import { PageHeader } from '../../../components/ui/page-header';
import { PartnerApprovals } from '../../../features/fulfilment/components/partner-approvals';
import { useDocumentTitle } from '../../../lib/document-title';
import { AreaTabs } from '../../layouts/area-tabs';
import { CatalogAdminOnly } from './catalog-admin-only';

/** `/admin/orders/partners`: shipping partners waiting for approval before they receive orders. */
export function Component() {
  useDocumentTitle('Shipping partners');
  return (
    <CatalogAdminOnly>
      <PageHeader
        title="Shipping partners"
        description="Approve a partner before orders can be assigned to it."
      />
      <AreaTabs bar="orders" />
      <PartnerApprovals />
    </CatalogAdminOnly>
  );
}
