import { PageHeader } from '../../../components/ui/page-header';
import { ZonesManager } from '../../../features/shipping/components/zones-manager';
import { useDocumentTitle } from '../../../lib/document-title';
import { AreaTabs } from '../../layouts/area-tabs';
import { CatalogAdminOnly } from './catalog-admin-only';

export function Component() {
  useDocumentTitle('Shipping zones');
  return (
    <CatalogAdminOnly>
      <PageHeader
        title="Shipping zones"
        description="Groups of states priced together; a state is in one zone at most."
      />
      <AreaTabs bar="shipping" />
      <ZonesManager />
    </CatalogAdminOnly>
  );
}
