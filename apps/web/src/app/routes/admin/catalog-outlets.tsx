import { PageHeader } from '../../../components/ui/page-header';
import { OutletsManager } from '../../../features/promotions/components/outlets-manager';
import { useDocumentTitle } from '../../../lib/document-title';
import { AreaTabs } from '../../layouts/area-tabs';
import { CatalogAdminOnly } from './catalog-admin-only';

export function Component() {
  useDocumentTitle('Official outlets');
  return (
    <CatalogAdminOnly>
      <PageHeader title="Official outlets" description="Stores featured as official outlets." />
      <AreaTabs bar="catalog" />
      <OutletsManager />
    </CatalogAdminOnly>
  );
}
