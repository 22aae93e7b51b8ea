import { SubNav } from '../../../components/ui/sub-nav';
import { dashboardTabs } from '../../dashboard-areas';

export function ApprovalsNav() {
  return <SubNav label="Approval pages" items={dashboardTabs('approvals')} />;
}
