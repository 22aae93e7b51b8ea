import '../../dashboard.css';
import { Outlet } from 'react-router';
import { DashboardShell, type NavItem } from '../../components/layout/dashboard-shell';
import { NavigationProgress } from '../../components/layout/navigation-progress';
import { useSignOut } from '../../features/auth/api/logout';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { displayName, useSession } from '../../lib/session';
import { RequireSession } from '../require-session';

const nav: NavItem[] = [
  { to: '/shipping-partner', label: 'Dashboard', end: true },
  { to: '/shipping-partner/orders', label: 'Orders' },
  { to: '/shipping-partner/day', label: 'My day' },
  { to: '/shipping-partner/scan', label: 'Scan a parcel' },
  { to: '/shipping-partner/pickups', label: 'Return pickups' },
  { to: '/shipping-partner/cash', label: 'Cash held' },
  { to: '/shipping-partner/hubs', label: 'Hubs' },
];

function PartnerShell() {
  const session = useSession('partner');
  const signOut = useSignOut('partner');
  const user = session?.user;
  return (
    <DashboardShell
      title="Shipping partner portal"
      home="/shipping-partner"
      nav={nav}
      userName={displayName(user)}
      userRole={user && 'shippingCompany' in user ? user.shippingCompany : undefined}
      changePasswordTo="/shipping-partner/account"
      accountLinkLabel="Your account"
      onSignOut={signOut}
      bell={<NotificationBell kind="partner" />}
    >
      <Outlet />
    </DashboardShell>
  );
}

export function Component() {
  return (
    <RequireSession kind="partner">
      <NavigationProgress />
      <PartnerShell />
    </RequireSession>
  );
}
