import type { MaskedBankAccount, ResolvedAccount } from '@market/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { PasswordField } from '../../../components/ui/password-field';
import { SelectField } from '../../../components/ui/select-field';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { TextField } from '../../../components/ui/text-field';
import { formatDateTime } from '../../../lib/dates';
import { isApiError } from '../../../lib/errors';
import { errorToastMessage } from '../../../lib/toast-rules';
import { useBankAccount, useBanks, useResolveAccount, useSaveBankAccount } from '../api/bank-account';

type FieldErrors = Partial<Record<'bankCode' | 'accountNumber' | 'password', string>>;

/** The 422 details of an answer by field, and the text for the whole form. */
function problemsOf(error: unknown): { fields: FieldErrors; message: string | null } {
  const fields: FieldErrors = {};
  if (isApiError(error) && error.status === 422)
    for (const detail of error.details) fields[detail.path as keyof FieldErrors] ??= detail.message;
  // A problem shown on its field is not repeated above the form: one message, in one place.
  const onAField = Object.keys(fields).length > 0;
  return { fields, message: onAField ? null : errorToastMessage(error) };
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
  const [bankCode, setBankCode] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const [password, setPassword] = useState('');
  const [resolved, setResolved] = useState<ResolvedAccount | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<string | null>(null);

  const changeDetails = () => {
    setResolved(null);
    setStatus(null);
    setErrors({});
  };

  const check = () => {
    const problems: FieldErrors = {};
    if (!bankCode) problems.bankCode = 'Choose your bank';
    if (!/^[0-9]{10}$/.test(accountNumber))
      problems.accountNumber = 'An account number has exactly 10 digits';
    setErrors(problems);
    setStatus(null);
    if (Object.keys(problems).length > 0) return;
    resolve.mutate(
      { bankCode, accountNumber },
      {
        onSuccess: (answer) => setResolved(answer.data),
        onError: (error) => {
          const { fields, message } = problemsOf(error);
          setErrors(fields);
          setStatus(message);
        },
      },
    );
  };

  if (banks.isPending) return <LoadingState label="Loading banks…" />;
  if (banks.isError)
    return <ErrorState title="Could not get the list of banks" onRetry={() => banks.refetch()} />;

  return (
    <form
      aria-label={hasAccount ? 'Change payout account' : 'Add payout account'}
      noValidate
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!resolved) return check();
        if (!password) return setErrors({ password: 'Enter your password' });
        setStatus(null);
        save.mutate(
          { bankCode: resolved.bankCode, accountNumber: resolved.accountNumber, password },
          {
            onSuccess: () => {
              setPassword('');
              setResolved(null);
              setAccountNumber('');
              setBankCode('');
            },
            onError: (error) => {
              const { fields, message } = problemsOf(error);
              setErrors(fields);
              setStatus(message);
            },
          },
        );
      }}
    >
      <h2 className="font-semibold text-slate-900">{hasAccount ? 'Change the account' : 'Add an account'}</h2>
      <div aria-live="assertive">{status ? <FormAlert>{status}</FormAlert> : null}</div>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Bank"
          aria-required="true"
          value={bankCode}
          error={errors.bankCode}
          onChange={(event) => {
            setBankCode(event.target.value);
            changeDetails();
          }}
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
          value={accountNumber}
          error={errors.accountNumber}
          onChange={(event) => {
            setAccountNumber(event.target.value.replace(/[^0-9]/g, ''));
            changeDetails();
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
            value={password}
            error={errors.password}
            onChange={(event) => {
              setPassword(event.target.value);
              setErrors({});
            }}
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
