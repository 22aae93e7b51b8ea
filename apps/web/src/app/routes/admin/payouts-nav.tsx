import { SubNav } from '../../../components/ui/sub-nav';
import { dashboardTabs } from '../../dashboard-areas';

export function PayoutsNav() {
  return <SubNav label="Payout pages" items={dashboardTabs('payouts')} />;
}
