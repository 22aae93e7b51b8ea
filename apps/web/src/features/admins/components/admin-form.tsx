import { type AdminSummary, createAdminBody } from '@market/contracts';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { NameAndEmailFields } from '../../../components/ui/name-and-email-fields';
import { SelectField } from '../../../components/ui/select-field';
import { useContractForm } from '../../../lib/contract-form';
import { applyServerErrors } from '../../../lib/form-errors';
import { useCreateAdmin } from '../api/create-admin';
import { useEditAdmin } from '../api/edit-admin';
import { roleOptions } from './role-labels';

const fields = ['firstName', 'lastName', 'email', 'role', 'customRoleId'] as const;

interface AdminFormProps {
  /** The admin to edit; without it the form creates one. */
  admin?: AdminSummary;
  /** The super admin's custom roles a new admin may be given at creation (roles change later on the roles page). */
  customRoles?: readonly { id: string; name: string }[];
  onDone(admin: AdminSummary): void;
  onCancel(): void;
}

export function AdminForm({ admin, customRoles = [], onDone, onCancel }: AdminFormProps) {
  const create = useCreateAdmin();
  const edit = useEditAdmin(admin?.id ?? '');
  const [status, setStatus] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, dirtyFields },
  } = useContractForm(createAdminBody, {
    defaultValues: {
      firstName: admin?.firstName ?? '',
      lastName: admin?.lastName ?? '',
      email: admin?.email ?? '',
      role: admin?.accountType ?? 'admin',
    },
  });

  const role = useWatch({ control, name: 'role' });
  const offersCustomRole = !admin && customRoles.length > 0 && role !== 'superadmin';

  const onError = (error: unknown) => setStatus(applyServerErrors(error, setError, fields));
  const onSubmit = handleSubmit((values) => {
    setStatus(null);
    if (!admin) {
      const { customRoleId, ...rest } = values;
      const body = offersCustomRole && customRoleId ? { ...rest, customRoleId } : rest;
      create.mutate(body, { onSuccess: (answer) => onDone(answer.data), onError });
      return;
    }
    const changed = Object.fromEntries(
      fields.filter((field) => dirtyFields[field]).map((f) => [f, values[f]]),
    );
    if (Object.keys(changed).length === 0) {
      onDone(admin);
      return;
    }
    edit.mutate(changed, { onSuccess: (answer) => onDone(answer.data), onError });
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="max-w-lg space-y-4"
      aria-label={admin ? 'Edit admin' : 'Create admin'}
    >
      {status ? <FormAlert>{status}</FormAlert> : null}
      <NameAndEmailFields register={register} errors={errors} />
      <SelectField label="Role" options={roleOptions} error={errors.role?.message} {...register('role')} />
      {offersCustomRole ? (
        <SelectField
          label="Custom role (optional)"
          options={[
            { value: '', label: 'None: the built-in role’s permissions' },
            ...customRoles.map((custom) => ({ value: custom.id, label: custom.name })),
          ]}
          error={errors.customRoleId?.message}
          {...register('customRoleId', { setValueAs: (value: string) => value || undefined })}
        />
      ) : null}
      {!admin ? (
        <p className="text-sm text-slate-700">We mail them a link to set their password and sign in.</p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={create.isPending || edit.isPending}>
          {admin ? 'Save changes' : 'Create admin'}
        </Button>
      </div>
    </form>
  );
}
