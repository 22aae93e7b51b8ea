import { bankAccountEndpoints, urlOf } from '@market/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordFetch } from '../../../test/fixtures-catalog';
import { jsonResponse, renderScreen } from '../../../test/render';
import { BankAccountPanel } from './bank-account-panel';

afterEach(() => vi.unstubAllGlobals());

const GOOD = '0123456785';
const saved = {
  bankCode: '058',
  bankName: 'Guaranty Trust Bank',
  accountName: 'ADAEZE OKAFOR',
  accountNumberLast4: '6785',
  maskedAccountNumber: '••••••6785',
  updatedAt: '2026-11-23T10:00:00.000Z',
};

function serve(account: unknown = null) {
  const recorder = recordFetch(({ url, method, body }) => {
    if (url === urlOf(bankAccountEndpoints.banks))
      return jsonResponse(200, { message: 'Banks', data: [{ code: '058', name: 'Guaranty Trust Bank' }] });
    if (url === urlOf(bankAccountEndpoints.get) && method === 'GET')
      return jsonResponse(200, { message: 'Bank account', data: account });
    if (url === urlOf(bankAccountEndpoints.resolve)) {
      const { accountNumber } = body as { accountNumber: string };
      if (accountNumber !== GOOD) {
        const message = 'We could not find an account with this number at this bank';
        return jsonResponse(422, {
          message,
          error: 'VALIDATION_ERROR',
          details: [{ path: 'accountNumber', message }],
        });
      }
      return jsonResponse(200, {
        message: 'Account found',
        data: {
          bankCode: '058',
          bankName: 'Guaranty Trust Bank',
          accountNumber: GOOD,
          accountName: 'ADAEZE OKAFOR',
        },
      });
    }
    if (url === urlOf(bankAccountEndpoints.save) && method === 'PUT')
      return jsonResponse(200, { message: 'Bank account saved', data: saved });
    return jsonResponse(404, { message: 'Not found', error: 'NOT_FOUND' });
  });
  vi.stubGlobal('fetch', recorder.fetchMock);
  return recorder;
}

describe('BankAccountPanel', () => {
  it('shows the name the bank resolved before asking for the password, then saves', async () => {
    const user = userEvent.setup();
    const recorder = serve();
    renderScreen(<BankAccountPanel />);
    expect(await screen.findByText('No payout account yet')).toBeInTheDocument();
    await user.selectOptions(await screen.findByLabelText(/Bank/), '058');
    await user.type(screen.getByLabelText(/Account number/), GOOD);
    expect(screen.queryByLabelText('Your password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check account' }));
    expect(await screen.findByText('ADAEZE OKAFOR')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Your password'), 'Sup3rSecret!');
    await user.click(screen.getByRole('button', { name: 'Save bank account' }));
    await waitFor(() => expect(screen.getByText('Payouts go to')).toBeInTheDocument());
    const put = recorder.calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({ bankCode: '058', accountNumber: GOOD, password: 'Sup3rSecret!' });
    expect(screen.getByText('••••••6785')).toBeInTheDocument();
  });

  it('a number the bank does not know shows its message on the field, and no save', async () => {
    const user = userEvent.setup();
    const recorder = serve(saved);
    renderScreen(<BankAccountPanel />);
    expect(await screen.findByText('Payouts go to')).toBeInTheDocument();
    await user.selectOptions(await screen.findByLabelText(/Bank/), '058');
    await user.type(screen.getByLabelText(/Account number/), '0123456784');
    await user.click(screen.getByRole('button', { name: 'Check account' }));
    // Once, on the field it is about: not again in an alert above the form (issue 34, item 21).
    expect(
      await screen.findAllByText('We could not find an account with this number at this bank'),
    ).toHaveLength(1);
    expect(screen.getByLabelText(/Account number/)).toHaveAccessibleDescription(
      /We could not find an account with this number at this bank/,
    );
    expect(screen.queryByRole('button', { name: 'Save bank account' })).not.toBeInTheDocument();
    expect(recorder.calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('checks the bank and the number before asking the bank, and the password before saving', async () => {
    const user = userEvent.setup();
    const recorder = serve();
    renderScreen(<BankAccountPanel />);
    await user.click(await screen.findByRole('button', { name: 'Check account' }));
    const bank = screen.getByLabelText(/Bank/);
    expect(await screen.findByText('Choose your bank', { selector: '[role="alert"]' })).toBeVisible();
    expect(screen.getByText('An account number has exactly 10 digits')).toBeVisible();
    expect(bank).toHaveAttribute('aria-invalid', 'true');
    expect(bank).toHaveFocus();
    expect(recorder.calls.some((call) => call.url.endsWith('/resolve'))).toBe(false);

    await user.selectOptions(bank, '058');
    await user.type(screen.getByLabelText(/Account number/), `${GOOD.slice(0, 4)}-${GOOD.slice(4)}`);
    expect(screen.getByLabelText(/Account number/)).toHaveValue(GOOD);
    await user.click(screen.getByRole('button', { name: 'Check account' }));
    expect(await screen.findByText('ADAEZE OKAFOR')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save bank account' }));
    expect(await screen.findByText('Enter your password')).toBeVisible();
    expect(screen.getByLabelText('Your password')).toHaveAccessibleDescription(/Enter your password/);
    expect(recorder.calls.some((call) => call.method === 'PUT')).toBe(false);
  });
});
