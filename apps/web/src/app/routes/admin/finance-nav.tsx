import { SubNav } from '../../../components/ui/sub-nav';
import { dashboardTabs } from '../../dashboard-areas';

export function FinanceNav() {
  return <SubNav label="Finance pages" items={dashboardTabs('finance')} />;
}
