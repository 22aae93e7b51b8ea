import { PageHeader } from '../../../components/ui/page-header';
import { PromotionsManager } from '../../../features/promotions/components/promotions-manager';
import { useDocumentTitle } from '../../../lib/document-title';
import { AreaTabs } from '../../layouts/area-tabs';
import { CatalogAdminOnly } from './catalog-admin-only';

export function Component() {
  useDocumentTitle('Promotions');
  return (
    <CatalogAdminOnly>
      <PageHeader title="Promotions" description="Time-boxed product selections on the home page." />
      <AreaTabs bar="catalog" />
      <PromotionsManager />
    </CatalogAdminOnly>
  );
}
