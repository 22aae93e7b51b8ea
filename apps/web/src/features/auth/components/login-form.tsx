import { type AccountKind, loginBody } from '@market/contracts';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { safeNextPath, segmentOf } from '../../../lib/account';
import { useContractForm } from '../../../lib/contract-form';
import { ApiError } from '../../../lib/errors';
import { applyServerErrors } from '../../../lib/form-errors';
import { useLogin } from '../api/login';
import { ResendConfirmation } from './resend-confirmation';

export function LoginForm({ kind }: { kind: AccountKind }) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const loginMutation = useLogin(kind);
  const [status, setStatus] = useState<string | null>(null);
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);
  // Strangers' failed sign-ins made the server ask for the code it mailed to the owner (issue 31).
  const [needsCode, setNeedsCode] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useContractForm(loginBody, {
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit((values) => {
    setStatus(null);
    setUnconfirmedEmail(null);
    loginMutation.mutate(values, {
      onSuccess: () => navigate(safeNextPath(kind, searchParams.get('next')), { replace: true }),
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'EMAIL_NOT_CONFIRMED' && kind !== 'admin') {
          setUnconfirmedEmail(values.email);
        }
        if (error instanceof ApiError && error.code === 'SIGN_IN_CODE_REQUIRED') setNeedsCode(true);
        // A refused sign-in is a 401 with the reason ("Incorrect email or password"), not an expired session:
        // the form says it, once.
        const refused = error instanceof ApiError && error.status === 401;
        setStatus(
          refused
            ? error.message || 'Incorrect email or password'
            : applyServerErrors(error, setError, ['email', 'password']),
        );
      },
    });
  });

  const segment = segmentOf(kind);
  return (
    <div className="space-y-5">
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Sign in">
        {status ? <FormAlert>{status}</FormAlert> : null}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        {needsCode ? (
          <TextField
            label="Sign-in code from your email"
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            hint="Eight letters and digits, like ABCD-EF23"
            error={errors.code?.message}
            {...register('code', { setValueAs: (value: string) => (value?.trim() ? value : undefined) })}
          />
        ) : null}
        <Button type="submit" className="w-full" loading={loginMutation.isPending}>
          Sign in
        </Button>
      </form>
      {unconfirmedEmail && kind !== 'admin' ? (
        <ResendConfirmation kind={kind} email={unconfirmedEmail} />
      ) : null}
      <div className="flex flex-col gap-2 text-sm sm:flex-row sm:justify-between">
        <Link to={`/${segment}/forgot-password`} className="font-semibold text-emerald-800 underline">
          Forgot your password?
        </Link>
        {kind !== 'admin' ? (
          <Link to={`/${segment}/signup`} className="font-semibold text-emerald-800 underline">
            Create an account
          </Link>
        ) : null}
      </div>
    </div>
  );
}
