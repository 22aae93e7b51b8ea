import type { Resource } from '@market/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../ui/button';
import { TextField } from '../ui/text-field';
import { RolePermissionsEditor } from './role-permissions-editor';

interface RoleFormProps {
  resources: readonly Resource[];
  initial?: { name: string; permissions: readonly string[] };
  busy: boolean;
  submitLabel: string;
  onSubmit(role: { name: string; permissions: string[] }): void;
  onCancel?(): void;
}

/** A custom role's name and permissions; the server checks both (names unique, built-in names refused). */
export function RoleForm({ resources, initial, busy, submitLabel, onSubmit, onCancel }: RoleFormProps) {
  const [name, setName] = useState(initial?.name ?? '');
  const [permissions, setPermissions] = useState<string[]>([...(initial?.permissions ?? [])]);
  const [error, setError] = useState<string | undefined>();
  const idPrefix = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed.length < 2) {
      setError('Role name must be at least 2 characters');
      return;
    }
    setError(undefined);
    onSubmit({ name: trimmed, permissions });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label={submitLabel}>
      <TextField
        label="Role name"
        value={name}
        maxLength={40}
        error={error}
        onChange={(event) => setName(event.target.value)}
      />
      <RolePermissionsEditor
        resources={resources}
        value={permissions}
        onChange={setPermissions}
        idPrefix={idPrefix}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
