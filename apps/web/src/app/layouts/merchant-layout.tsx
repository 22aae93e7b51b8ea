import '../../dashboard.css';
import { Outlet } from 'react-router';
import { DashboardShell, type NavItem } from '../../components/layout/dashboard-shell';
import { NavigationProgress } from '../../components/layout/navigation-progress';
import { useSignOut } from '../../features/auth/api/logout';
import { displayName, useSession } from '../../lib/session';
import { RequireSession } from '../require-session';

const nav: NavItem[] = [
  { to: '/merchant', label: 'Dashboard', end: true },
  { to: '/merchant/onboarding', label: 'Onboarding' },
  { to: '/merchant/products', label: 'Products' },
  { to: '/merchant/collections', label: 'Collections' },
  { to: '/merchant/orders', label: 'Orders' },
  { to: '/merchant/coupons', label: 'Coupons' },
  { to: '/merchant/staff', label: 'Staff' },
  { to: '/merchant/payouts', label: 'Payouts' },
  { to: '/merchant/store-profile', label: 'Store profile' },
  { to: '/merchant/themes', label: 'Themes' },
];

function MerchantShell() {
  const session = useSession('merchant');
  const signOut = useSignOut('merchant');
  const user = session?.user;
  const storeName = user && 'storeName' in user ? user.storeName : null;
  return (
    <DashboardShell
      title="Merchant dashboard"
      home="/merchant"
      nav={nav}
      userName={displayName(user)}
      userRole={storeName ?? undefined}
      changePasswordTo="/merchant/change-password"
      onSignOut={signOut}
    >
      <Outlet />
    </DashboardShell>
  );
}

export function Component() {
  return (
    <RequireSession kind="merchant">
      <NavigationProgress />
      <MerchantShell />
    </RequireSession>
  );
}
