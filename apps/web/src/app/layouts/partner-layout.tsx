import '../../dashboard.css';
import { Outlet } from 'react-router';
import { DashboardShell } from '../../components/layout/dashboard-shell';
import { NavigationProgress } from '../../components/layout/navigation-progress';
import { useSignOut } from '../../features/auth/api/logout';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { displayName, useSession } from '../../lib/session';
import { dashboardNav } from '../dashboard-areas';
import { partnerDashboard } from '../dashboards/partner';
import { RequireSession } from '../require-session';

// The portal has no roles: every partner account sees every area (dashboard-areas.ts).
const nav = dashboardNav(partnerDashboard, []);

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
