import type { CustomRole, Resource } from '@market/contracts';
import { RoleForm } from './role-form';

type RoleDraft = { name: string; permissions: string[] };

/** What the panel asks to save: a new custom role, or an edit of an existing one. */
type RoleSave = { action: 'create'; body: RoleDraft } | { action: 'edit'; id: string; body: RoleDraft };

/**
 * The panel that creates a custom role or edits one, on the store's roles screen and the super admin's: it closes
 * only once the save succeeds, so a refused name stays on screen to be corrected.
 */
export function RoleFormPanel({
  editing,
  resources,
  busy,
  save,
  onClose,
}: {
  editing: CustomRole | 'new';
  resources: readonly Resource[];
  busy: boolean;
  save: (change: RoleSave, options: { onSuccess: () => void }) => void;
  onClose: () => void;
}) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <RoleForm
        key={editing === 'new' ? 'new' : editing.id}
        resources={resources}
        initial={editing === 'new' ? undefined : editing}
        busy={busy}
        submitLabel={editing === 'new' ? 'Create role' : 'Save role'}
        onCancel={onClose}
        onSubmit={(body) =>
          save(editing === 'new' ? { action: 'create', body } : { action: 'edit', id: editing.id, body }, {
            onSuccess: onClose,
          })
        }
      />
    </div>
  );
}
