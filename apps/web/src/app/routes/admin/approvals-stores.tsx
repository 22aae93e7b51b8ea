import { PageHeader } from '../../../components/ui/page-header';
import { StoresList } from '../../../features/store-approval/components/stores-list';
import { useDocumentTitle } from '../../../lib/document-title';
import { AreaTabs } from '../../layouts/area-tabs';
import { CatalogAdminOnly } from './catalog-admin-only';

export function Component() {
  useDocumentTitle('Store approval');
  return (
    <CatalogAdminOnly>
      <PageHeader
        title="Store approval"
        description="A store goes live after two different approvers approve it."
      />
      <AreaTabs bar="approvals" />
      <StoresList />
    </CatalogAdminOnly>
  );
}
