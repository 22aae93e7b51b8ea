import { PageHeader } from '../../../components/ui/page-header';
import { GiftCardsList } from '../../../features/gift-card-admin/components/gift-cards-list';
import { useDocumentTitle } from '../../../lib/document-title';
import { AreaTabs } from '../../layouts/area-tabs';
import { CatalogAdminOnly } from './catalog-admin-only';

export function Component() {
  useDocumentTitle('Gift cards');
  return (
    <CatalogAdminOnly>
      <PageHeader
        title="Gift cards"
        description="Every card bought, newest first. Codes are never shown to admins."
      />
      <AreaTabs bar="gift-cards" />
      <GiftCardsList />
    </CatalogAdminOnly>
  );
}
