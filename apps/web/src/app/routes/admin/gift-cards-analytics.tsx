import { PageHeader } from '../../../components/ui/page-header';
import { AnalyticsPanel } from '../../../features/gift-card-admin/components/analytics-panel';
import { useDocumentTitle } from '../../../lib/document-title';
import { AreaTabs } from '../../layouts/area-tabs';
import { CatalogAdminOnly } from './catalog-admin-only';

export function Component() {
  useDocumentTitle('Gift card analytics');
  return (
    <CatalogAdminOnly>
      <PageHeader
        title="Gift card analytics"
        description="Sold and redeemed by UTC day, and the balance outstanding."
      />
      <AreaTabs bar="gift-cards" />
      <AnalyticsPanel />
    </CatalogAdminOnly>
  );
}
