import { type AccountKind, emailBody } from '@market/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { segmentOf } from '../../../lib/account';
import { useContractForm } from '../../../lib/contract-form';
import { applyServerErrors } from '../../../lib/form-errors';
import { useForgotPassword } from '../api/forgot-password';

export function ForgotPasswordForm({ kind }: { kind: AccountKind }) {
  const forgot = useForgotPassword(kind);
  const [status, setStatus] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useContractForm(emailBody, { defaultValues: { email: '' } });

  const onSubmit = handleSubmit(({ email }) => {
    setStatus(null);
    forgot.mutate(email, {
      onError: (error) => setStatus(applyServerErrors(error, setError, ['email'], 'password')),
    });
  });

  return (
    <div className="space-y-4">
      {forgot.isSuccess ? (
        <FormAlert tone="success">{forgot.data.message}</FormAlert>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Reset your password">
          {status ? <FormAlert>{status}</FormAlert> : null}
          <p className="text-sm text-slate-700">
            Enter your email and we will mail you a link to set a new password.
          </p>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <Button type="submit" className="w-full" loading={forgot.isPending}>
            Send reset link
          </Button>
        </form>
      )}
      <Link
        to={`/${segmentOf(kind)}/login`}
        className="block text-sm font-semibold text-emerald-800 underline"
      >
        Back to sign in
      </Link>
    </div>
  );
}
