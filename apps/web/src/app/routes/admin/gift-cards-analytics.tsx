import { PageHeader } from '../../../components/ui/page-header';
import { AnalyticsPanel } from '../../../features/gift-card-admin/components/analytics-panel';
import { useDocumentTitle } from '../../../lib/document-title';
import { CatalogAdminOnly } from './catalog-admin-only';
import { GiftCardsNav } from './gift-cards-nav';

export function Component() {
  useDocumentTitle('Gift card analytics');
  return (
    <CatalogAdminOnly>
      <PageHeader
        title="Gift card analytics"
        description="Sold and redeemed by UTC day, and the balance outstanding."
      />
      <GiftCardsNav />
      <AnalyticsPanel />
    </CatalogAdminOnly>
  );
}
