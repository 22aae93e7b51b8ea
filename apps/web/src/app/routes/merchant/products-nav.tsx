import { SubNav } from '../../../components/ui/sub-nav';
import { dashboardTabs } from '../../dashboard-areas';

export function ProductsNav() {
  return <SubNav label="Product pages" items={dashboardTabs('products')} />;
}
