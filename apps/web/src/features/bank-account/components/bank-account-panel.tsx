import {
  type MaskedBankAccount,
  type ResolvedAccount,
  resolveAccountBody,
  saveBankAccountBody,
} from '@market/contracts';
import { useState } from 'react';
import { type UseFormSetError, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { PasswordField } from '../../../components/ui/password-field';
import { SelectField } from '../../../components/ui/select-field';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { TextField } from '../../../components/ui/text-field';
import { contractResolver } from '../../../lib/contract-form';
import { formatDateTime } from '../../../lib/dates';
import { isApiError } from '../../../lib/errors';
import { applyServerErrors } from '../../../lib/form-errors';
import { errorToastMessage } from '../../../lib/toast-rules';
import { useBankAccount, useBanks, useResolveAccount, useSaveBankAccount } from '../api/bank-account';

type BankValues = { bankCode: string; accountNumber: string; password: string };
/** What a step's check hands over: the bank's check has no password, the save has one. */
type Checked = z.output<typeof resolveAccountBody> & { password?: string };
const bankFields: readonly string[] = ['bankCode', 'accountNumber', 'password'];

// Two steps, two contract bodies: the bank's check of the number, then the save with the owner's password.
const checkAccount = contractResolver<typeof resolveAccountBody, BankValues>(
  resolveAccountBody,
  ({ bankCode, accountNumber }) => ({ bankCode, accountNumber }),
);
const saveAccount = contractResolver<typeof saveBankAccountBody, BankValues>(saveBankAccountBody);

/**
 * Puts the server's 422 details on their fields and returns the text for the whole form: none when a problem is
 * shown on its field (one message, in one place).
 */
function sayFailure(error: unknown, setError: UseFormSetError<BankValues>): string | null {
  const message = applyServerErrors(error, setError, bankFields);
  const onAField = isApiError(error) && error.status === 422 && error.details.length > 0;
  return onAField ? null : message;
}

function CurrentAccount({ account }: { account: MaskedBankAccount | null }) {
  if (!account)
    return (
      <EmptyState title="No payout account yet">
        Add the account your store’s payouts should go to. Its name is checked at the bank first.
      </EmptyState>
    );
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="font-semibold text-slate-900">Payouts go to</h2>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-slate-700 sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">Account name</dt>
        <dd>{account.accountName}</dd>
        <dt className="font-medium">Bank</dt>
        <dd>{account.bankName}</dd>
        <dt className="font-medium">Account number</dt>
        <dd>
          <span aria-hidden="true">{account.maskedAccountNumber}</span>
          <span className="sr-only">ending {account.accountNumberLast4}</span>
        </dd>
        <dt className="font-medium">Last changed</dt>
        <dd>{formatDateTime(account.updatedAt)}</dd>
        {account.settlementMode === 'subaccount' ? (
          <>
            <dt className="font-medium">Paystack subaccount</dt>
            <dd>{account.subaccountCode ?? 'Being set up'}</dd>
          </>
        ) : null}
      </dl>
      {account.settlementMode === 'subaccount' ? (
        <p className="mt-2 text-sm text-slate-700">
          Paystack pays your share of every order (after commission) to this account itself, usually the next
          working day.
        </p>
      ) : null}
    </div>
  );
}

/** Bank, account number, the resolved name shown before saving, and the owner's password. */
function ChangeAccountForm({ hasAccount }: { hasAccount: boolean }) {
  const banks = useBanks();
  const resolve = useResolveAccount();
  const save = useSaveBankAccount();
  const [resolved, setResolved] = useState<ResolvedAccount | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    formState: { errors },
  } = useForm<BankValues, unknown, Checked>({
    defaultValues: { bankCode: '', accountNumber: '', password: '' },
    resolver: resolved ? saveAccount : checkAccount,
  });
  const changeDetails = () => {
    setResolved(null);
    setStatus(null);
    clearErrors();
  };
  const submit = handleSubmit(({ bankCode, accountNumber, password }) => {
    setStatus(null);
    const onError = (error: unknown) => setStatus(sayFailure(error, setError));
    if (!resolved || password === undefined)
      return resolve.mutate(
        { bankCode, accountNumber },
        { onSuccess: (answer) => setResolved(answer.data), onError },
      );
    save.mutate(
      { bankCode: resolved.bankCode, accountNumber: resolved.accountNumber, password },
      {
        onSuccess: () => {
          reset();
          setResolved(null);
        },
        onError,
      },
    );
  });
  const bank = register('bankCode', { onChange: changeDetails });
  const number = register('accountNumber', { onChange: changeDetails });
  if (banks.isPending) return <LoadingState label="Loading banks…" />;
  if (banks.isError)
    return <ErrorState title="Could not get the list of banks" onRetry={() => banks.refetch()} />;

  return (
    <form
      aria-label={hasAccount ? 'Change payout account' : 'Add payout account'}
      noValidate
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
      onSubmit={submit}
    >
      <h2 className="font-semibold text-slate-900">{hasAccount ? 'Change the account' : 'Add an account'}</h2>
      <div aria-live="assertive">{status ? <FormAlert>{status}</FormAlert> : null}</div>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Bank"
          aria-required="true"
          error={errors.bankCode?.message}
          {...bank}
          options={[
            { value: '', label: 'Choose your bank' },
            ...banks.data.map((bank) => ({ value: bank.code, label: bank.name })),
          ]}
        />
        <TextField
          label="Account number"
          aria-required="true"
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
          hint="10 digits (NUBAN)"
          error={errors.accountNumber?.message}
          {...number}
          onChange={(event) => {
            // Only digits reach the field: a NUBAN is 10 of them.
            event.target.value = event.target.value.replace(/[^0-9]/g, '');
            return number.onChange(event);
          }}
        />
      </div>
      <div aria-live="polite">
        {resolved ? (
          <FormAlert tone="success">
            Account name: <strong>{resolved.accountName}</strong> ({resolved.bankName})
          </FormAlert>
        ) : null}
      </div>
      {resolved ? (
        <>
          <PasswordField
            label="Your password"
            autoComplete="current-password"
            hint="Changes to where money goes need your password. We e-mail you about every change."
            error={errors.password?.message}
            {...register('password', { onChange: () => clearErrors() })}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={changeDetails}>
              Not my account
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save bank account
            </Button>
          </div>
        </>
      ) : (
        <div className="flex justify-end">
          <Button type="submit" loading={resolve.isPending}>
            Check account
          </Button>
        </div>
      )}
    </form>
  );
}

/** The store's payout account: what is saved (masked) and, for the owner, the form to change it. */
export function BankAccountPanel() {
  const account = useBankAccount();
  if (account.isPending) return <LoadingState label="Loading your bank account…" />;
  if (account.isError) {
    if (isApiError(account.error) && account.error.status === 403)
      return (
        <EmptyState title="Only the store owner manages the payout account">
          Ask the owner of the store to add or change it.
        </EmptyState>
      );
    return (
      <ErrorState
        title="Could not get your bank account"
        message={errorToastMessage(account.error) ?? undefined}
        onRetry={() => account.refetch()}
      />
    );
  }
  return (
    <div className="space-y-4 lg:max-w-2xl">
      <CurrentAccount account={account.data} />
      <ChangeAccountForm hasAccount={account.data !== null} />
    </div>
  );
}
