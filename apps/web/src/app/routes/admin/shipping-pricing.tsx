import { PageHeader } from '../../../components/ui/page-header';
import { RateCard } from '../../../features/shipping/components/rate-card';
import { useDocumentTitle } from '../../../lib/document-title';
import { AreaTabs } from '../../layouts/area-tabs';
import { CatalogAdminOnly } from './catalog-admin-only';

export function Component() {
  useDocumentTitle('Shipping pricing');
  return (
    <CatalogAdminOnly>
      <PageHeader
        title="Shipping pricing"
        description="The rate card: saving replaces it whole; new quotes use it at once."
      />
      <AreaTabs bar="shipping" />
      <RateCard />
    </CatalogAdminOnly>
  );
}
