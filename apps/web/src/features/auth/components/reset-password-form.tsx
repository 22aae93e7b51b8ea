import { type AccountKind, password } from '@market/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { PasswordField } from '../../../components/ui/password-field';
import { segmentOf } from '../../../lib/account';
import { useContractForm } from '../../../lib/contract-form';
import { applyServerErrors } from '../../../lib/form-errors';
import { useResetPassword } from '../api/reset-password';

const schema = z
  .object({ password, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match',
  });

/** Sets a new password from a mailed link; invited admins set their first password here too. */
export function ResetPasswordForm({ kind, token }: { kind: AccountKind; token: string }) {
  const reset = useResetPassword(kind, token);
  const [status, setStatus] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useContractForm(schema, {
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit((values) => {
    setStatus(null);
    reset.mutate(values.password, {
      onError: (error) => setStatus(applyServerErrors(error, setError, ['password'], 'password')),
    });
  });

  const login = `/${segmentOf(kind)}/login`;
  if (reset.isSuccess) {
    return (
      <div className="space-y-4">
        <FormAlert tone="success">{reset.data.message}</FormAlert>
        <Link to={login} className="block font-semibold text-emerald-800 underline">
          Go to sign in
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Set a new password">
      {status ? <FormAlert>{status}</FormAlert> : null}
      <PasswordField
        label="New password"
        autoComplete="new-password"
        hint="At least 8 characters"
        error={errors.password?.message}
        {...register('password')}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <Button type="submit" className="w-full" loading={reset.isPending}>
        Save password
      </Button>
      {status ? (
        <Link
          to={`/${segmentOf(kind)}/forgot-password`}
          className="block text-sm font-semibold text-emerald-800 underline"
        >
          Ask for a new link
        </Link>
      ) : null}
    </form>
  );
}
