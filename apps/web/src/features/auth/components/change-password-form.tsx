import { type AccountKind, changePasswordBody } from '@market/contracts';
import { useState } from 'react';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { PasswordField } from '../../../components/ui/password-field';
import { useContractForm } from '../../../lib/contract-form';
import { applyServerErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useChangePassword } from '../api/change-password';

const schema = changePasswordBody
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match',
  });

export function ChangePasswordForm({ kind }: { kind: AccountKind }) {
  const change = useChangePassword(kind);
  const [status, setStatus] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useContractForm(schema, {
    defaultValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(({ oldPassword, newPassword }) => {
    setStatus(null);
    change.mutate(
      { oldPassword, newPassword },
      {
        onSuccess: (answer) => {
          reset();
          setStatus({ tone: 'success', text: answer.message });
          notifySuccess(answer.message);
        },
        onError: (error) => {
          const text = applyServerErrors(error, setError, ['oldPassword', 'newPassword'], 'password');
          if (text) setStatus({ tone: 'error', text });
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-md space-y-4" aria-label="Change password">
      {status ? <FormAlert tone={status.tone}>{status.text}</FormAlert> : null}
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        error={errors.oldPassword?.message}
        {...register('oldPassword')}
      />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        hint="At least 8 characters"
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <Button type="submit" loading={change.isPending}>
        Change password
      </Button>
    </form>
  );
}
