import { closeAccountBody } from '@market/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { PasswordField } from '../../../components/ui/password-field';
import { useContractForm } from '../../../lib/contract-form';
import { ApiError } from '../../../lib/errors';
import { applyServerErrors } from '../../../lib/form-errors';
import {
  type BusinessAccountKind,
  useCloseBusinessAccount,
  useDownloadBusinessData,
} from '../api/business-data-rights';

const whatTheFileHolds: Record<BusinessAccountKind, string> = {
  merchant:
    'One JSON file with your profile, the stores you work in and your role in each, and your notification settings.',
  partner:
    'One JSON file with your profile, your company as you registered it, the orders given to you to deliver, and your notification settings.',
};

const whenClosingIsRefused: Record<BusinessAccountKind, string> = {
  merchant: 'If you own a store, make another member its owner (or ask us to close the store) first.',
  partner: 'You can close your account once every order you carry is delivered, handed back or cancelled.',
};

/** A store staff member's or shipping partner's data rights (ADR 073): download their data, close their account. */
export function BusinessDataRights({ kind }: { kind: BusinessAccountKind }) {
  return (
    <div className="space-y-6">
      <section aria-labelledby="download-data-heading" className="space-y-2">
        <h2 id="download-data-heading" className="text-lg font-semibold text-slate-900">
          Your data
        </h2>
        <DownloadBusinessData kind={kind} />
      </section>
      <section aria-labelledby="close-account-heading" className="space-y-2">
        <h2 id="close-account-heading" className="text-lg font-semibold text-slate-900">
          Close your account
        </h2>
        <CloseBusinessAccountForm kind={kind} />
      </section>
    </div>
  );
}

function DownloadBusinessData({ kind }: { kind: BusinessAccountKind }) {
  const download = useDownloadBusinessData(kind);
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-700">{whatTheFileHolds[kind]}</p>
      <Button variant="secondary" disabled={download.isPending} onClick={() => download.mutate()}>
        {download.isPending ? 'Preparing your data…' : 'Download my data'}
      </Button>
    </div>
  );
}

/** The password is checked before the dialog asks; CLOSE is the dialog's confirmation, sent with it. */
const passwordOnly = closeAccountBody.pick({ password: true });

/** Closing, with what it erases and what the law makes the business keep said before the dialog asks. */
function CloseBusinessAccountForm({ kind }: { kind: BusinessAccountKind }) {
  const close = useCloseBusinessAccount(kind);
  const [confirming, setConfirming] = useState(false);
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors },
  } = useContractForm(passwordOnly, { defaultValues: { password: '' } });
  const failure = close.error instanceof ApiError ? close.error : null;
  const onAField = failure?.details.some((detail) => detail.path === 'password') ?? false;
  const submit = handleSubmit(() => setConfirming(true));
  // The dialog is the deliberate second step the contract's CLOSE stands for.
  const confirm = () =>
    close.mutate(
      { password: getValues('password'), confirm: 'CLOSE' },
      {
        onSettled: () => setConfirming(false),
        onError: (error) => applyServerErrors(error, setError, ['password']),
      },
    );
  return (
    <>
      <form className="max-w-md space-y-3" onSubmit={submit} aria-label="Close your account" noValidate>
        <p className="text-sm text-slate-700">
          Closing erases your name, email, phone number and photo, and signs you out everywhere. You cannot
          sign in again. What you did for the business (order moves, decisions in the audit trail) stays
          without your name, because Nigerian law requires us to keep business records.{' '}
          {whenClosingIsRefused[kind]}
        </p>
        {failure && !onAField ? <FormAlert>{failure.message}</FormAlert> : null}
        {close.error && !failure ? (
          <FormAlert>Could not close your account. Try again later.</FormAlert>
        ) : null}
        <PasswordField
          label="Your password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <Button type="submit" variant="danger" disabled={close.isPending}>
          {close.isPending ? 'Closing your account…' : 'Close my account'}
        </Button>
      </form>
      <ConfirmDialog
        open={confirming}
        title="Close your account?"
        description="Your name, email, phone number and photo are erased and every session ends. This cannot be undone."
        confirmLabel="Close my account for good"
        busy={close.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
