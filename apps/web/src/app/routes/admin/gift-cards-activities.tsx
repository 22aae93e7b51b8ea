import { PageHeader } from '../../../components/ui/page-header';
import { ActivitiesList } from '../../../features/gift-card-admin/components/activities-list';
import { useDocumentTitle } from '../../../lib/document-title';
import { CatalogAdminOnly } from './catalog-admin-only';
import { GiftCardsNav } from './gift-cards-nav';

export function Component() {
  useDocumentTitle('Gift card activities');
  return (
    <CatalogAdminOnly>
      <PageHeader
        title="Gift card activities"
        description="Every change of every card's balance, newest first."
      />
      <GiftCardsNav />
      <ActivitiesList />
    </CatalogAdminOnly>
  );
}
