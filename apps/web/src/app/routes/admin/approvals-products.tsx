import { PageHeader } from '../../../components/ui/page-header';
import { ProductQueue } from '../../../features/product-approval/components/product-queue';
import { useDocumentTitle } from '../../../lib/document-title';
import { AreaTabs } from '../../layouts/area-tabs';
import { CatalogAdminOnly } from './catalog-admin-only';

export function Component() {
  useDocumentTitle('Product approval');
  return (
    <CatalogAdminOnly>
      <PageHeader title="Product approval" description="Approve products before customers see them." />
      <AreaTabs bar="approvals" />
      <ProductQueue />
    </CatalogAdminOnly>
  );
}
