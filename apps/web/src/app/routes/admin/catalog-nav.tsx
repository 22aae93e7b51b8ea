import { SubNav } from '../../../components/ui/sub-nav';
import { dashboardTabs } from '../../dashboard-areas';

export function CatalogNav() {
  return <SubNav label="Catalog pages" items={dashboardTabs('catalog')} />;
}
