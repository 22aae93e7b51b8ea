import { type CloseAccountBody, type CustomerProfile, closeAccountBody } from '@market/contracts';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { FormAlert } from '../../../components/ui/form-alert';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { useContractForm } from '../../../lib/contract-form';
import { formatDateTime } from '../../../lib/dates';
import { ApiError } from '../../../lib/errors';
import { applyServerErrors } from '../../../lib/form-errors';
import { useCloseAccount, useDownloadMyData, useMarketingConsent } from '../api/data-rights';

/** Offers and news by mail and SMS: the customer's own choice, off until they turn it on (ADR 073). */
export function MarketingConsentField({ profile }: { profile: CustomerProfile }) {
  const consent = useMarketingConsent();
  return (
    <div className="space-y-1">
      <CheckboxField
        label="Send me offers and news by email and SMS"
        hint="Messages about your orders, refunds and account reach you whatever you choose here."
        checked={profile.marketingConsent}
        disabled={consent.isPending}
        onChange={(event) => consent.mutate(event.target.checked)}
      />
      {profile.marketingConsentAt ? (
        <p className="text-sm text-slate-700">Last changed {formatDateTime(profile.marketingConsentAt)}.</p>
      ) : null}
    </div>
  );
}

export function DownloadMyData() {
  const download = useDownloadMyData();
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-700">
        One JSON file with your profile, addresses, orders (items, amounts, refunds), reviews, returns and
        notification settings, to keep or to take to another service.
      </p>
      <Button variant="secondary" disabled={download.isPending} onClick={() => download.mutate()}>
        {download.isPending ? 'Preparing your data…' : 'Download my data'}
      </Button>
    </div>
  );
}

type CloseValues = { password: string; confirm: string };

/** Closing the account, with what it erases and what the law makes the business keep said before it happens. */
export function CloseAccountForm() {
  const close = useCloseAccount();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useContractForm<typeof closeAccountBody, CloseValues>(closeAccountBody, {
    defaultValues: { password: '', confirm: '' },
    // Checked as typed: the contract takes CLOSE and nothing else.
    prepare: ({ password, confirm }) => ({ password, confirm: confirm as CloseAccountBody['confirm'] }),
  });
  const failure = close.error instanceof ApiError ? close.error : null;
  const onAField = failure?.details.some((detail) => detail.path === 'password') ?? false;

  const submit = handleSubmit((body) =>
    close.mutate(body, { onError: (error) => applyServerErrors<CloseValues>(error, setError, ['password']) }),
  );
  return (
    <form className="space-y-3" onSubmit={submit} aria-label="Close your account" noValidate>
      <p className="text-sm text-slate-700">
        Closing erases your name, email, phone number, photo and addresses, and signs you out everywhere. You
        cannot sign in again. Your orders, payments and refunds stay in our books without your name, because
        Nigerian tax and company law requires us to keep financial records. You can close your account once
        every order is finished and no refund is on its way.
      </p>
      {failure && !onAField ? <FormAlert>{failure.message}</FormAlert> : null}
      {close.error && !failure ? <FormAlert>Could not close your account. Try again later.</FormAlert> : null}
      <PasswordField
        label="Your password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        label="Type CLOSE to confirm"
        autoComplete="off"
        error={errors.confirm?.message}
        {...register('confirm')}
      />
      <Button type="submit" variant="danger" disabled={close.isPending}>
        {close.isPending ? 'Closing your account…' : 'Close my account'}
      </Button>
    </form>
  );
}
