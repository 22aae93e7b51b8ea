import { type CreateStaffBody, createStaffBody } from '@market/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { NameAndEmailFields } from '../../../components/ui/name-and-email-fields';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useContractForm } from '../../../lib/contract-form';
import { applyServerErrors } from '../../../lib/form-errors';
import { useCreateStaff } from '../api/create-staff';

const fields = ['firstName', 'lastName', 'email', 'phoneNumber', 'role'] as const;

interface InviteStaffFormProps {
  roleOptions: { value: string; label: string }[];
  onDone(): void;
  onCancel(): void;
}

/**
 * Invites a staff member: name, email, phone and role. A 422 shows the server's first validation message, any
 * other failure the server's message (specification, section 5).
 */
export function InviteStaffForm({ roleOptions, onDone, onCancel }: InviteStaffFormProps) {
  const create = useCreateStaff();
  const [status, setStatus] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useContractForm(createStaffBody, {
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      phoneNumber: '',
      role: roleOptions[0]?.value ?? '',
    } satisfies CreateStaffBody,
  });
  const onSubmit = handleSubmit((values) => {
    setStatus(null);
    create.mutate(values, {
      onSuccess: onDone,
      onError: (error) => setStatus(applyServerErrors(error, setError, fields)),
    });
  });
  return (
    <form onSubmit={onSubmit} noValidate className="max-w-xl space-y-4" aria-label="Invite staff">
      {status ? <FormAlert>{status}</FormAlert> : null}
      <NameAndEmailFields register={register} errors={errors} />
      <TextField
        label="Phone number"
        type="tel"
        inputMode="tel"
        autoComplete="off"
        error={errors.phoneNumber?.message}
        {...register('phoneNumber')}
      />
      <SelectField label="Role" options={roleOptions} error={errors.role?.message} {...register('role')} />
      <p className="text-sm text-slate-700">
        We mail them a link to set their password; they sign in at the merchant sign-in page.
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={create.isPending}>
          Send invitation
        </Button>
      </div>
    </form>
  );
}
