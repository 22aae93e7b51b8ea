import { type Resource, storeRoleBody } from '@market/contracts';
import { useId } from 'react';
import { useContractForm } from '../../lib/contract-form';
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

/**
 * The role name's rule, the same for store and admin roles. Which permissions a role may hold differs between the
 * two and the server checks them; the boxes only offer the ones the screen's resources list.
 */
const roleNameBody = storeRoleBody.pick({ name: true });
type RoleValues = { name: string; permissions: string[] };

/** A custom role's name and permissions; the server checks both (names unique, built-in names refused). */
export function RoleForm({ resources, initial, busy, submitLabel, onSubmit, onCancel }: RoleFormProps) {
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    getValues,
    formState: { errors },
  } = useContractForm<typeof roleNameBody, RoleValues>(roleNameBody, {
    defaultValues: { name: initial?.name ?? '', permissions: [...(initial?.permissions ?? [])] },
    prepare: ({ name }) => ({ name }),
  });
  const idPrefix = useId();
  const submit = handleSubmit(({ name }) => onSubmit({ name, permissions: getValues('permissions') }));
  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label={submitLabel}>
      <TextField label="Role name" maxLength={40} error={errors.name?.message} {...register('name')} />
      <RolePermissionsEditor
        resources={resources}
        value={watch('permissions')}
        onChange={(permissions) => setValue('permissions', permissions)}
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
