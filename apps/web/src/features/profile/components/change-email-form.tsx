import { type CustomerProfile, changeEmailBody } from '@market/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { useContractForm } from '../../../lib/contract-form';
import { applyServerErrors } from '../../../lib/form-errors';
import { useChangeEmail } from '../api/profile';

/** Asks for a new email: a link goes to it, and the email changes only when the link is followed. */
export function ChangeEmailForm({ profile }: { profile: CustomerProfile }) {
  const change = useChangeEmail();
  const [alert, setAlert] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useContractForm(changeEmailBody, { defaultValues: { newEmail: '', password: '' } });
  const onSubmit = handleSubmit((body) => {
    setAlert(null);
    change.mutate(body, {
      onSuccess: (answer) => {
        reset();
        setAlert({ tone: 'success', text: answer.message });
      },
      onError: (error) => {
        const text = applyServerErrors(error, setError, ['newEmail', 'password'], 'password');
        if (text) setAlert({ tone: 'error', text });
      },
    });
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Change email" className="max-w-md space-y-4">
      <p className="text-sm text-slate-700">
        Your email is <span className="font-semibold text-slate-900">{profile.email}</span>.
        {profile.pendingEmail ? (
          <>
            {' '}
            A confirmation link was sent to{' '}
            <span className="font-semibold text-slate-900">{profile.pendingEmail}</span>; the change happens
            when you follow it.
          </>
        ) : null}
      </p>
      {alert ? <FormAlert tone={alert.tone}>{alert.text}</FormAlert> : null}
      <TextField
        label="New email"
        type="email"
        autoComplete="email"
        aria-required="true"
        error={errors.newEmail?.message}
        {...register('newEmail')}
      />
      <PasswordField
        label="Your password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" loading={change.isPending}>
        Send confirmation link
      </Button>
    </form>
  );
}
