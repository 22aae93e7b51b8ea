import { PageHeader } from '../../../components/ui/page-header';
import { VehiclesList } from '../../../features/shipping/components/vehicles-list';
import { useDocumentTitle } from '../../../lib/document-title';
import { AreaTabs } from '../../layouts/area-tabs';
import { CatalogAdminOnly } from './catalog-admin-only';

export function Component() {
  useDocumentTitle('Vehicles');
  return (
    <CatalogAdminOnly>
      <PageHeader
        title="Vehicles"
        description="Maximum weight, surcharge and whether each vehicle is in use."
      />
      <AreaTabs bar="shipping" />
      <VehiclesList />
    </CatalogAdminOnly>
  );
}
