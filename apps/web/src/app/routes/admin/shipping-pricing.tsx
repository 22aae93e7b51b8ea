import { PageHeader } from '../../../components/ui/page-header';
import { RateCard } from '../../../features/shipping/components/rate-card';
import { useDocumentTitle } from '../../../lib/document-title';
import { CatalogAdminOnly } from './catalog-admin-only';
import { ShippingNav } from './shipping-nav';

export function Component() {
  useDocumentTitle('Shipping pricing');
  return (
    <CatalogAdminOnly>
      <PageHeader
        title="Shipping pricing"
        description="The rate card: saving replaces it whole; new quotes use it at once."
      />
      <ShippingNav />
      <RateCard />
    </CatalogAdminOnly>
  );
}
