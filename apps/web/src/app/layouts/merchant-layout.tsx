import '../../dashboard.css';
import { Outlet } from 'react-router';
import { DashboardShell } from '../../components/layout/dashboard-shell';
import { NavigationProgress } from '../../components/layout/navigation-progress';
import { useSignOut } from '../../features/auth/api/logout';
import { usePermissions } from '../../features/auth/api/permissions';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { displayName, useSession } from '../../lib/session';
import { RequireSession } from '../require-session';
import { merchantNav } from './merchant-nav';

function MerchantShell() {
  const session = useSession('merchant');
  const signOut = useSignOut('merchant');
  const permissions = usePermissions('merchant');
  const user = session?.user;
  const storeName = user && 'storeName' in user ? user.storeName : null;
  return (
    <DashboardShell
      title="Merchant dashboard"
      home="/merchant"
      nav={merchantNav(permissions.data)}
      userName={displayName(user)}
      userRole={storeName ?? undefined}
      changePasswordTo="/merchant/account"
      accountLinkLabel="Your account"
      onSignOut={signOut}
      bell={<NotificationBell kind="merchant" />}
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
