import type { CustomRole, RolesData } from '@market/contracts';
import { useState } from 'react';
import { CustomRoleItem } from '../../../components/roles/custom-role-item';
import { RoleFormPanel } from '../../../components/roles/role-form-panel';
import { describePermissions } from '../../../components/roles/role-permissions-editor';
import { Button } from '../../../components/ui/button';
import { useSaveRole } from '../api/save-role';
import { roleLabel } from './role-options';

/** Built-in roles (read-only) and the store's custom roles, which those who manage staff create and edit. */
export function RolesEditor({ roles, canManage }: { roles: RolesData; canManage: boolean }) {
  const save = useSaveRole();
  const [editing, setEditing] = useState<CustomRole | 'new' | null>(null);
  return (
    <section aria-labelledby="roles-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="roles-heading" className="text-lg font-semibold text-slate-900">
          Roles
        </h2>
        {canManage && editing === null ? (
          <Button variant="secondary" onClick={() => setEditing('new')}>
            New custom role
          </Button>
        ) : null}
      </div>
      {editing !== null ? (
        <RoleFormPanel
          editing={editing}
          resources={roles.resources}
          busy={save.isPending}
          save={save.mutate}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ul className="space-y-2" aria-label="Custom roles">
        {roles.custom.length === 0 ? (
          <li className="text-sm text-slate-700">No custom roles yet.</li>
        ) : (
          roles.custom.map((role) => (
            <CustomRoleItem
              key={role.id}
              role={role}
              resources={roles.resources}
              holder={['member', 'members']}
              actions={
                canManage
                  ? {
                      busy: save.isPending,
                      onEdit: () => setEditing(role),
                      onDelete: () => save.mutate({ action: 'remove', id: role.id }),
                    }
                  : undefined
              }
            />
          ))
        )}
      </ul>
      <details className="rounded-lg border border-slate-200 bg-white p-3">
        <summary className="cursor-pointer font-medium text-slate-900">Built-in roles</summary>
        <ul className="mt-2 space-y-2">
          {roles.builtIn.map((role) => (
            <li key={role.name} className="text-sm text-slate-800">
              <span className="font-medium">{roleLabel(role.name)}</span>:{' '}
              {describePermissions(roles.resources, role.permissions)}
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}
