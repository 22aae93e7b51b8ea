import { SubNav } from '../../../components/ui/sub-nav';
import { dashboardTabs } from '../../dashboard-areas';

/** Reviews, platform testimonials and contact messages: what customers say, in one admin area. */
export function CommunityNav() {
  return <SubNav label="Customer voice" items={dashboardTabs('community')} />;
}
