import { type AdminRole, adminRolePermissions } from '@market/contracts';
import type { NavItem } from '../../components/layout/dashboard-shell';
import { dashboardNav } from '../dashboard-areas';
import { adminDashboard } from '../dashboards/admin';

/**
 * The areas of a role, each shown to the roles its screen's rule lets in (dashboard-areas.ts); `held` (from
 * `GET /auth/permissions`) wins over the role's list, as it includes a custom role's permissions.
 */
export function adminNav(role: AdminRole, held?: readonly string[]): NavItem[] {
  return dashboardNav(adminDashboard, held ?? adminRolePermissions[role]);
}
