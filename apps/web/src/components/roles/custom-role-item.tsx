import type { CustomRole, Resource } from '@market/contracts';
import { type Noun, pluralize } from '../../lib/plural';
import { Button } from '../ui/button';
import { describePermissions } from './role-permissions-editor';

/**
 * One custom role in a list (a store's staff roles, the platform's admin roles): its name, how many hold it and what
 * it allows, with Edit and Delete when `actions` is given.
 */
export function CustomRoleItem({
  role,
  resources,
  holder,
  actions,
}: {
  role: CustomRole;
  resources: readonly Resource[];
  /** Who holds a role: ['member', 'members'], ['admin', 'admins']. */
  holder: Noun;
  actions?: { busy: boolean; onEdit(): void; onDelete(): void };
}) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium text-slate-900">
            {role.name}{' '}
            <span className="text-sm text-slate-700">· {pluralize(role.memberCount, holder)}</span>
          </p>
          <p className="text-sm text-slate-700">{describePermissions(resources, role.permissions)}</p>
        </div>
        {actions ? (
          <div className="flex gap-2">
            <Button variant="secondary" aria-label={`Edit role ${role.name}`} onClick={actions.onEdit}>
              Edit
            </Button>
            <Button
              variant="ghost"
              className="text-red-800"
              aria-label={`Delete role ${role.name}`}
              disabled={actions.busy}
              onClick={actions.onDelete}
            >
              Delete
            </Button>
          </div>
        ) : null}
      </div>
    </li>
  );
}
