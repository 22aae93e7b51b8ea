import type { NavItem } from '../../components/layout/dashboard-shell';
import { dashboardNav } from '../dashboard-areas';
import { merchantDashboard } from '../dashboards/merchant';

/**
 * The merchant navigation for a role, each area shown to the roles its screen's rule lets in
 * (dashboard-areas.ts); until the permissions are known, only what needs none.
 */
export function merchantNav(
  access: { permissions: readonly string[]; role: string | null } | undefined,
): NavItem[] {
  return dashboardNav(merchantDashboard, access?.permissions ?? [], access?.role === 'owner');
}
