import { SubNav } from '../../../components/ui/sub-nav';
import { dashboardTabs } from '../../dashboard-areas';

export function ReturnsNav() {
  return <SubNav label="Return pages" items={dashboardTabs('returns')} />;
}
