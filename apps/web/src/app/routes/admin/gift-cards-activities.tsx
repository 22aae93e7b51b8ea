import { PageHeader } from '../../../components/ui/page-header';
import { ActivitiesList } from '../../../features/gift-card-admin/components/activities-list';
import { useDocumentTitle } from '../../../lib/document-title';
import { AreaTabs } from '../../layouts/area-tabs';
import { CatalogAdminOnly } from './catalog-admin-only';

export function Component() {
  useDocumentTitle('Gift card activities');
  return (
    <CatalogAdminOnly>
      <PageHeader
        title="Gift card activities"
        description="Every change of every card's balance, newest first."
      />
      <AreaTabs bar="gift-cards" />
      <ActivitiesList />
    </CatalogAdminOnly>
  );
}
