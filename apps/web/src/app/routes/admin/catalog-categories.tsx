import { PageHeader } from '../../../components/ui/page-header';
import { CategoriesManager } from '../../../features/categories/components/categories-manager';
import { useDocumentTitle } from '../../../lib/document-title';
import { AreaTabs } from '../../layouts/area-tabs';
import { CatalogAdminOnly } from './catalog-admin-only';

export function Component() {
  useDocumentTitle('Categories');
  return (
    <CatalogAdminOnly>
      <PageHeader title="Categories" description="Categories, sub-categories and child categories." />
      <AreaTabs bar="catalog" />
      <CategoriesManager />
    </CatalogAdminOnly>
  );
}
