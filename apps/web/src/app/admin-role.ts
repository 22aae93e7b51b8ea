import type { AdminRole } from '@market/contracts';

export const roleTitles: Record<AdminRole, string> = {
  superadmin: 'Super admin',
  admin: 'Admin',
  dispatcher: 'Dispatcher',
  scheduler: 'Scheduler',
};

export function adminRoleOf(accountType: string | undefined): AdminRole {
  return accountType && accountType in roleTitles ? (accountType as AdminRole) : 'admin';
}
