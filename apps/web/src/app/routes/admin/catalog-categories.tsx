import { PageHeader } from '../../../components/ui/page-header';
import { CategoriesManager } from '../../../features/categories/components/categories-manager';
import { useDocumentTitle } from '../../../lib/document-title';
import { CatalogAdminOnly } from './catalog-admin-only';
import { CatalogNav } from './catalog-nav';

export function Component() {
  useDocumentTitle('Categories');
  return (
    <CatalogAdminOnly>
      <PageHeader title="Categories" description="Categories, sub-categories and child categories." />
      <CatalogNav />
      <CategoriesManager />
    </CatalogAdminOnly>
  );
}
