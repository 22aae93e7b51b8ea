import { SubNav } from '../../../components/ui/sub-nav';
import { dashboardTabs } from '../../dashboard-areas';

export function GiftCardsNav() {
  return <SubNav label="Gift card pages" items={dashboardTabs('gift-cards')} />;
}
