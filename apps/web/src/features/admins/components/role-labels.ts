import type { AdminRole } from '@market/contracts';

export const roleLabels: Record<AdminRole, string> = {
  superadmin: 'Super admin',
  admin: 'Admin',
  dispatcher: 'Dispatcher',
  scheduler: 'Scheduler',
};

export const roleOptions = (Object.keys(roleLabels) as AdminRole[]).map((role) => ({
  value: role,
  label: roleLabels[role],
}));
