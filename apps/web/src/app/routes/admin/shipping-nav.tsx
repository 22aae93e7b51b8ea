import { SubNav } from '../../../components/ui/sub-nav';
import { dashboardTabs } from '../../dashboard-areas';

export function ShippingNav() {
  return <SubNav label="Shipping pages" items={dashboardTabs('shipping')} />;
}
