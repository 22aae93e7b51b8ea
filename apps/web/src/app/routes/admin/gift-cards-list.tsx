import { PageHeader } from '../../../components/ui/page-header';
import { GiftCardsList } from '../../../features/gift-card-admin/components/gift-cards-list';
import { useDocumentTitle } from '../../../lib/document-title';
import { CatalogAdminOnly } from './catalog-admin-only';
import { GiftCardsNav } from './gift-cards-nav';

export function Component() {
  useDocumentTitle('Gift cards');
  return (
    <CatalogAdminOnly>
      <PageHeader
        title="Gift cards"
        description="Every card bought, newest first. Codes are never shown to admins."
      />
      <GiftCardsNav />
      <GiftCardsList />
    </CatalogAdminOnly>
  );
}
