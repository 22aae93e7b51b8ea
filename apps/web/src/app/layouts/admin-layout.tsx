import '../../dashboard.css';
import { Outlet } from 'react-router';
import { DashboardShell } from '../../components/layout/dashboard-shell';
import { NavigationProgress } from '../../components/layout/navigation-progress';
import { useSignOut } from '../../features/auth/api/logout';
import { usePermissions } from '../../features/auth/api/permissions';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { displayName, useSession } from '../../lib/session';
import { adminRoleOf, roleTitles } from '../admin-role';
import { RequireSession } from '../require-session';
import { adminNav } from './admin-nav';

function AdminShell() {
  const session = useSession('admin');
  const signOut = useSignOut('admin');
  const role = adminRoleOf(session?.user.accountType);
  const permissions = usePermissions('admin');
  return (
    <DashboardShell
      title={role === 'admin' || role === 'superadmin' ? 'Admin console' : `${roleTitles[role]} console`}
      home="/admin"
      nav={adminNav(role, permissions.data?.permissions)}
      userName={displayName(session?.user)}
      userRole={roleTitles[role]}
      changePasswordTo="/admin/change-password"
      onSignOut={signOut}
      bell={<NotificationBell kind="admin" />}
    >
      <Outlet />
    </DashboardShell>
  );
}

export function Component() {
  return (
    <RequireSession kind="admin">
      <NavigationProgress />
      <AdminShell />
    </RequireSession>
  );
}
