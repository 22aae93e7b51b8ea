import type { StorePermission } from '@market/contracts';
import type { NavItem } from '../../components/layout/dashboard-shell';

/** Each area shows only to store roles holding its permission, as `GET /auth/permissions` answers them. */
const areas: (NavItem & { permission?: StorePermission; ownerOnly?: true })[] = [
  { to: '/merchant', label: 'Dashboard', end: true },
  { to: '/merchant/onboarding', label: 'Onboarding', ownerOnly: true },
  { to: '/merchant/products', label: 'Products', permission: 'products:read' },
  { to: '/merchant/collections', label: 'Collections', permission: 'products:write' },
  { to: '/merchant/orders', label: 'Orders', permission: 'orders:read' },
  { to: '/merchant/returns', label: 'Returns', permission: 'returns:read' },
  { to: '/merchant/coupons', label: 'Coupons', permission: 'coupons:read' },
  { to: '/merchant/reports', label: 'Reports', permission: 'reports:read' },
  { to: '/merchant/reviews', label: 'Reviews', permission: 'reviews:reply' },
  { to: '/merchant/staff', label: 'Staff', permission: 'staff:read' },
  { to: '/merchant/audit', label: 'Audit trail', permission: 'store:audit:read' },
  { to: '/merchant/payment-report', label: 'Payment report', permission: 'payouts:read' },
  { to: '/merchant/payouts', label: 'Payouts', permission: 'payouts:read' },
  { to: '/merchant/bank-account', label: 'Bank account', permission: 'bank:write' },
  { to: '/merchant/subscription', label: 'Subscription', permission: 'subscription:manage' },
  { to: '/merchant/policies', label: 'Policies', permission: 'policies:write' },
  { to: '/merchant/store-profile', label: 'Store profile', permission: 'store:profile:read' },
  { to: '/merchant/hubs', label: 'Hubs', permission: 'store:profile:write' },
  { to: '/merchant/themes', label: 'Themes', permission: 'themes:write' },
];

/** The merchant navigation for a role; until the permissions are known, only what needs none. */
export function merchantNav(
  access: { permissions: readonly string[]; role: string | null } | undefined,
): NavItem[] {
  return areas
    .filter((area) => {
      if (area.ownerOnly) return access?.role === 'owner';
      return !area.permission || (access?.permissions.includes(area.permission) ?? false);
    })
    .map(({ to, label, end }) => ({ to, label, end }));
}
