import { adminPayoutEndpoints, merchantPayoutEndpoints, urlOf } from '@market/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordFetch } from '../../../test/fixtures-catalog';
import { jsonResponse, renderScreen } from '../../../test/render';
import { AdminPayouts } from './admin-payouts';
import { MerchantPayouts } from './merchant-payouts';
import { PaymentCategories } from './payment-categories';
import { PayoutOtpActions } from './payout-otp';

afterEach(() => vi.unstubAllGlobals());

const payout = {
  id: '6f1c2a9e-55a4-4f55-9d55-0b9a3a3f1c11',
  reference: 'PAY-DEMO',
  storeId: '0f9d8c7b-55a4-4f55-9d55-0b9a3a3f1c11',
  storeName: 'Chinedu Gadgets',
  amount: 68_400,
  status: 'processed',
  orderCount: 1,
  bankName: 'Guaranty Trust Bank',
  accountNumberLast4: '6785',
  failureReason: null,
  needsOtp: false,
  outcomeUnknown: false,
  approvedAt: '2026-11-26T01:00:00.000Z',
  processedAt: '2026-11-26T01:00:05.000Z',
};

describe('MerchantPayouts', () => {
  it('shows the balances as naira and the payout history', async () => {
    const recorder = recordFetch(({ url }) => {
      if (url === urlOf(merchantPayoutEndpoints.balances))
        return jsonResponse(200, {
          message: 'Balances',
          data: {
            settlementMode: 'transfer',
            escrow: 1_250.5,
            payable: 0,
            approved: 0,
            processed: 68_400,
            settled: 0,
            owed: 1_250.5,
          },
        });
      if (url.startsWith(urlOf(merchantPayoutEndpoints.history)))
        return jsonResponse(200, {
          message: 'Payouts',
          data: { payouts: [payout], pagination: { page: 1, limit: 12, totalItems: 1, totalPages: 1 } },
        });
      return jsonResponse(404, { message: 'Not found', error: 'NOT_FOUND' });
    });
    vi.stubGlobal('fetch', recorder.fetchMock);
    renderScreen(<MerchantPayouts />);
    const balances = await screen.findByRole('region', { name: 'Balances (all time)' });
    expect(await within(balances).findByText('₦1,250.50')).toBeInTheDocument();
    expect(within(balances).getByText('₦68,400.00')).toBeInTheDocument();
    // Its range is said, beside the payment report's own (issue 34 item 18).
    expect(within(balances).getByTestId('balances-range')).toHaveTextContent(
      /every order since your store opened/i,
    );
    const history = screen.getByRole('region', { name: 'Payout history' });
    expect(await within(history).findByText('Paid')).toBeInTheDocument();
    expect(
      within(history).getByText(/PAY-DEMO · 1 order · Guaranty Trust Bank ••••6785/),
    ).toBeInTheDocument();
  });

  it('in subaccount mode says Paystack settles the store itself, with what it settled and what is owed', async () => {
    const recorder = recordFetch(({ url }) => {
      if (url === urlOf(merchantPayoutEndpoints.balances))
        return jsonResponse(200, {
          message: 'Balances',
          data: {
            settlementMode: 'subaccount',
            escrow: 22_500,
            payable: -27_000,
            approved: 0,
            processed: 0,
            settled: 27_000,
            owed: -4_500,
          },
        });
      return jsonResponse(200, {
        message: 'Payouts',
        data: { payouts: [], pagination: { page: 1, limit: 12, totalItems: 0, totalPages: 1 } },
      });
    });
    vi.stubGlobal('fetch', recorder.fetchMock);
    renderScreen(<MerchantPayouts />);
    const balances = await screen.findByRole('region', { name: 'Balances (all time)' });
    expect(await within(balances).findByText('Settled by Paystack')).toBeInTheDocument();
    expect(within(balances).getByText('₦27,000.00')).toBeInTheDocument();
    expect(within(balances).getByText('You owe')).toBeInTheDocument();
    expect(within(balances).getByText('₦4,500.00')).toBeInTheDocument();
    expect(within(balances).getByTestId('settlement-mode')).toHaveTextContent(
      /straight to your bank account/,
    );
    expect(within(balances).queryByText('Payable')).toBeNull();
  });

  it('says so when there are no payouts, and offers a retry when balances fail', async () => {
    const recorder = recordFetch(({ url }) => {
      if (url === urlOf(merchantPayoutEndpoints.balances))
        return jsonResponse(500, { message: 'Something went wrong', error: 'INTERNAL' });
      return jsonResponse(200, {
        message: 'Payouts',
        data: { payouts: [], pagination: { page: 1, limit: 12, totalItems: 0, totalPages: 1 } },
      });
    });
    vi.stubGlobal('fetch', recorder.fetchMock);
    renderScreen(<MerchantPayouts />);
    expect(await screen.findByText('No payouts yet')).toBeInTheDocument();
    expect(
      await screen.findByText('Could not load your balances', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});

describe('AdminPayouts', () => {
  const merchant = {
    storeId: payout.storeId,
    storeName: 'Chinedu Gadgets',
    escrow: 22_500,
    payable: 0,
    approved: 0,
    openPayoutId: null,
    hasBankAccount: true,
    hasSubaccount: true,
  };
  const answers = (settlementMode: 'transfer' | 'subaccount') =>
    recordFetch(({ url }) => {
      if (url === urlOf(adminPayoutEndpoints.stats))
        return jsonResponse(200, {
          message: 'Payment stats',
          data: {
            processedPayment: 68_400,
            approvedPayment: 0,
            pendingPayment: settlementMode === 'transfer' ? 9_000 : 0,
            settlementMode,
            settledPayment: settlementMode === 'subaccount' ? 28_975 : 0,
          },
        });
      if (url.startsWith(urlOf(adminPayoutEndpoints.merchants)))
        return jsonResponse(200, {
          message: 'Merchants to pay',
          data: {
            merchants: [
              settlementMode === 'transfer'
                ? { ...merchant, payable: 9_000 }
                : { ...merchant, payable: -22_500, hasSubaccount: false },
            ],
            pagination: { page: 1, limit: 20, totalItems: 1, totalPages: 1 },
          },
        });
      return jsonResponse(200, {
        message: 'Payouts',
        data: { payouts: [payout], pagination: { page: 1, limit: 12, totalItems: 1, totalPages: 1 } },
      });
    });

  it('offers approval in transfer mode', async () => {
    vi.stubGlobal('fetch', answers('transfer').fetchMock);
    renderScreen(<AdminPayouts canApprove />);
    expect(await screen.findByRole('button', { name: 'Approve payout' })).toBeEnabled();
    expect(screen.queryByTestId('settlement-mode')).toBeNull();
  });

  it('filters the history by "not known yet" (ADR 061): the server is asked for those, each says why it waits', async () => {
    const unknown = {
      ...payout,
      id: '7a1c2a9e-55a4-4f55-9d55-0b9a3a3f1c11',
      reference: 'PAY-UNKNOWN',
      status: 'processing',
      processedAt: null,
      outcomeUnknown: true,
      failureReason: 'The payment provider did not answer; asking it whether the transfer was made',
    };
    const recorder = recordFetch((call) => {
      if (call.url.startsWith(urlOf(adminPayoutEndpoints.payouts)) && call.url.includes('status=unknown'))
        return jsonResponse(200, {
          message: 'Payouts',
          data: { payouts: [unknown], pagination: { page: 1, limit: 12, totalItems: 1, totalPages: 1 } },
        });
      return answers('transfer').fetchMock(call.url, { method: call.method });
    });
    vi.stubGlobal('fetch', recorder.fetchMock);
    renderScreen(<AdminPayouts canApprove />);
    const filter = await screen.findByLabelText('Payout status');
    await userEvent.selectOptions(
      filter,
      within(filter).getByRole('option', { name: 'Not known yet (asking the provider)' }),
    );
    expect(await screen.findByTestId('payout-outcome-unknown')).toHaveTextContent(
      'nothing is sent again meanwhile',
    );
    expect(screen.getByText(/PAY-UNKNOWN/)).toBeInTheDocument();
    expect(
      recorder.calls.some((call) => /\/api\/admin\/payments\/payouts\?.*status=unknown/.test(call.url)),
    ).toBe(true);
  });

  it('in subaccount mode says Paystack settles the stores and offers no approval', async () => {
    vi.stubGlobal('fetch', answers('subaccount').fetchMock);
    renderScreen(<AdminPayouts canApprove />);
    expect(await screen.findByTestId('settlement-mode')).toHaveTextContent(/no payouts to\s+approve/);
    expect(screen.getByText('₦28,975.00')).toBeInTheDocument();
    expect(await screen.findByText(/No Paystack subaccount yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve payout' })).toBeNull();
  });
});

describe('PaymentCategories', () => {
  it('checks the percentage before sending and shows the server’s 422 under the field', async () => {
    const user = userEvent.setup();
    const recorder = recordFetch(({ url, method }) => {
      if (url === urlOf(adminPayoutEndpoints.categories) && method === 'GET')
        return jsonResponse(200, {
          message: 'Payment categories',
          data: [
            {
              slug: 'standard',
              name: 'Standard',
              commissionPercentage: 10,
              storeCount: 3,
              updatedAt: '2026-11-26T01:00:00.000Z',
            },
          ],
        });
      return jsonResponse(422, {
        message: 'The commission is a percentage from 0 to 100',
        error: 'VALIDATION_ERROR',
        details: [{ path: 'commissionPercentage', message: 'The commission is a percentage from 0 to 100' }],
      });
    });
    vi.stubGlobal('fetch', recorder.fetchMock);
    renderScreen(<PaymentCategories canEdit />);
    const field = await screen.findByLabelText('Standard commission (%)');
    expect(screen.getByText('10 % · 3 stores')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '7.555');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Use at most 2 decimal places')).toBeInTheDocument();
    expect(recorder.calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);
  });
});

describe('PayoutOtpActions', () => {
  const waiting = { ...payout, status: 'processing' as const, needsOtp: true, processedAt: null };

  it("checks the OTP, sends it, shows Paystack's refusal under the field, and resends it", async () => {
    const user = userEvent.setup();
    const recorder = recordFetch(({ url }) => {
      if (url.endsWith('/finalize-otp'))
        return jsonResponse(422, {
          message: 'Paystack did not accept the OTP. The payment provider refused the transfer: Invalid OTP',
          error: 'VALIDATION_ERROR',
          details: [{ path: 'otp', message: 'Paystack did not accept this OTP' }],
        });
      return jsonResponse(200, { message: 'Paystack sent the OTP again', data: waiting });
    });
    vi.stubGlobal('fetch', recorder.fetchMock);
    renderScreen(<PayoutOtpActions payout={waiting} />);
    const field = screen.getByLabelText('OTP');
    await user.type(field, '12');
    await user.click(screen.getByRole('button', { name: 'Enter OTP' }));
    expect(await screen.findByText('The OTP is 4 to 8 digits')).toBeInTheDocument();
    expect(recorder.calls).toHaveLength(0);
    await user.clear(field);
    await user.type(field, '928783');
    await user.click(screen.getByRole('button', { name: 'Enter OTP' }));
    expect(await screen.findByText(/Paystack did not accept the OTP/)).toBeInTheDocument();
    expect(recorder.calls[0]).toMatchObject({
      url: urlOf(adminPayoutEndpoints.finalizeOtp, { params: { payoutId: waiting.id } }),
      method: 'POST',
      body: { otp: '928783' },
    });
    await user.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect(recorder.calls.at(-1)).toMatchObject({
      url: urlOf(adminPayoutEndpoints.resendOtp, { params: { payoutId: waiting.id } }),
      method: 'POST',
    });
  });

  it('shows nothing for a payout that needs no OTP', () => {
    renderScreen(<PayoutOtpActions payout={{ ...waiting, needsOtp: false }} />);
    expect(screen.queryByRole('button', { name: 'Enter OTP' })).toBeNull();
  });
});
