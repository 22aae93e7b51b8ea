import { type AdminPermission, type AdminRole, adminRolePermissions } from '@market/contracts';
import type { NavItem } from '../../components/layout/dashboard-shell';

/** Each area shows only to roles holding its permission (contracts: adminRolePermissions). */
const areas: (NavItem & { permission?: AdminPermission })[] = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/approvals', label: 'Approvals', permission: 'approvals:products' },
  { to: '/admin/catalog', label: 'Catalog', permission: 'catalog:categories' },
  { to: '/admin/orders', label: 'Orders', permission: 'orders:assign' },
  { to: '/admin/hubs', label: 'Hubs', permission: 'approvals:hubs' },
  { to: '/admin/merchants', label: 'Merchants', permission: 'merchants:read' },
  { to: '/admin/returns', label: 'Returns', permission: 'returns:disputes' },
  { to: '/admin/finance', label: 'Finance', permission: 'finance:read' },
  { to: '/admin/payouts', label: 'Payouts', permission: 'finance:read' },
  { to: '/admin/shipping', label: 'Shipping', permission: 'shipping:zones' },
  { to: '/admin/gift-cards', label: 'Gift cards', permission: 'gift-cards:read' },
  { to: '/admin/plans', label: 'Plans', permission: 'plans:manage' },
  { to: '/admin/reviews', label: 'Reviews', permission: 'reviews:moderate' },
  { to: '/admin/admins', label: 'Admins', permission: 'admins:manage' },
  { to: '/admin/roles', label: 'Roles', permission: 'admins:manage' },
  { to: '/admin/audit', label: 'Audit trail', permission: 'audit:read' },
  { to: '/admin/data-rights', label: 'Data requests', permission: 'data-rights:act' },
];

/** The areas of a role; `held` (from `GET /auth/permissions`) wins, as it includes a custom role's permissions. */
export function adminNav(role: AdminRole, held?: readonly string[]): NavItem[] {
  const permissions: readonly string[] = held ?? adminRolePermissions[role];
  return areas
    .filter((area) => !area.permission || permissions.includes(area.permission))
    .map(({ to, label, end }) => ({ to, label, end }));
}
