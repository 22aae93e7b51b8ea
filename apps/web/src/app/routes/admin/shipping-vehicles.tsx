import { PageHeader } from '../../../components/ui/page-header';
import { VehiclesList } from '../../../features/shipping/components/vehicles-list';
import { useDocumentTitle } from '../../../lib/document-title';
import { CatalogAdminOnly } from './catalog-admin-only';
import { ShippingNav } from './shipping-nav';

export function Component() {
  useDocumentTitle('Vehicles');
  return (
    <CatalogAdminOnly>
      <PageHeader
        title="Vehicles"
        description="Maximum weight, surcharge and whether each vehicle is in use."
      />
      <ShippingNav />
      <VehiclesList />
    </CatalogAdminOnly>
  );
}
