import type { AdminRolesData, AdminSummary, CustomRole } from '@market/contracts';
import { useState } from 'react';
import { CustomRoleItem } from '../../../components/roles/custom-role-item';
import { RoleFormPanel } from '../../../components/roles/role-form-panel';
import { describePermissions } from '../../../components/roles/role-permissions-editor';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { useChangeAdminRole } from '../api/admin-roles';

const builtInLabels: Record<string, string> = {
  superadmin: 'Super admin',
  admin: 'Admin',
  dispatcher: 'Dispatcher',
  scheduler: 'Scheduler',
};

/**
 * The super admin's roles screen: built-in roles (read-only), custom roles over the platform's resources, and which
 * admin holds which custom role (the super admin always keeps their own).
 */
export function AdminRolesEditor({ data, admins }: { data: AdminRolesData; admins: AdminSummary[] }) {
  const change = useChangeAdminRole();
  const [editing, setEditing] = useState<CustomRole | 'new' | null>(null);
  // Admin management stays the super admin's: custom roles cannot hold it.
  const resources = data.resources.filter((resource) => resource.key !== 'admins');
  const roleOf = new Map(data.assignments.map((entry) => [entry.adminId, entry.roleId]));
  const assignable = admins.filter((admin) => admin.accountType !== 'superadmin');
  return (
    <div className="space-y-6">
      <section aria-labelledby="custom-roles" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="custom-roles" className="text-lg font-semibold text-slate-900">
            Custom roles
          </h2>
          {editing === null ? (
            <Button variant="secondary" onClick={() => setEditing('new')}>
              New custom role
            </Button>
          ) : null}
        </div>
        {editing !== null ? (
          <RoleFormPanel
            editing={editing}
            resources={resources}
            busy={change.isPending}
            save={change.mutate}
            onClose={() => setEditing(null)}
          />
        ) : null}
        {data.custom.length === 0 ? (
          <p className="text-sm text-slate-700">No custom roles yet.</p>
        ) : (
          <ul className="space-y-2">
            {data.custom.map((role) => (
              <CustomRoleItem
                key={role.id}
                role={role}
                resources={data.resources}
                holder={['admin', 'admins']}
                actions={{
                  busy: change.isPending,
                  onEdit: () => setEditing(role),
                  onDelete: () => change.mutate({ action: 'remove', id: role.id }),
                }}
              />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="assignments" className="space-y-3">
        <h2 id="assignments" className="text-lg font-semibold text-slate-900">
          Who holds a custom role
        </h2>
        {assignable.length === 0 ? (
          <p className="text-sm text-slate-700">No admins besides super admins yet.</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {assignable.map((admin) => {
              const name = `${admin.firstName} ${admin.lastName}`;
              return (
                <li key={admin.id} className="rounded-lg border border-slate-200 bg-white p-3">
                  <SelectField
                    label={`${name} (${builtInLabels[admin.accountType] ?? admin.accountType})`}
                    value={roleOf.get(admin.id) ?? ''}
                    disabled={change.isPending}
                    options={[
                      {
                        value: '',
                        label: `Built-in role: ${builtInLabels[admin.accountType] ?? admin.accountType}`,
                      },
                      ...data.custom.map((role) => ({ value: role.id, label: role.name })),
                    ]}
                    onChange={(event) =>
                      change.mutate({
                        action: 'assign',
                        adminId: admin.id,
                        roleId: event.target.value || null,
                      })
                    }
                  />
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <details className="rounded-lg border border-slate-200 bg-white p-3">
        <summary className="cursor-pointer font-medium text-slate-900">Built-in roles</summary>
        <ul className="mt-2 space-y-2">
          {data.builtIn.map((role) => (
            <li key={role.name} className="text-sm text-slate-800">
              <span className="font-medium">{builtInLabels[role.name] ?? role.name}</span>:{' '}
              {describePermissions(data.resources, role.permissions)}
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}
