import type { RolesData } from '@market/contracts';

const builtInLabels: Record<string, string> = {
  owner: 'Owner',
  manager: 'Manager',
  inventory: 'Inventory',
  sales: 'Sales',
  finance: 'Finance',
};

export const roleLabel = (name: string) => builtInLabels[name] ?? name;

/** The roles a staff member can be given: built-in ones but owner, then the store's custom roles (by id). */
export function roleOptions(roles: RolesData | undefined): { value: string; label: string }[] {
  if (!roles) return [];
  return [
    ...roles.builtIn
      .filter((role) => role.name !== 'owner')
      .map((role) => ({ value: role.name, label: roleLabel(role.name) })),
    ...roles.custom.map((role) => ({ value: role.id, label: `${role.name} (custom)` })),
  ];
}
