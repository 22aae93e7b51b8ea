import { adminPayoutEndpoints, authEndpoints, urlOf } from '@market/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordFetch } from '../../../test/fixtures-catalog';
import { jsonResponse, renderScreen } from '../../../test/render';
import { Component as PayoutsScreen } from './payouts';
import { Component as PayoutCategoriesScreen } from './payouts-categories';

// The payouts screens as a role sees them (issue 34 items 2 and 19): what the server says the admin may do decides
// every action, custom roles included, and "Approve payout" is offered only where it can succeed.

afterEach(() => vi.unstubAllGlobals());

const store = (name: string, overrides: Record<string, unknown>) => ({
  storeId: crypto.randomUUID(),
  storeName: name,
  escrow: 0,
  payable: 9_000,
  approved: 0,
  openPayoutId: null,
  hasBankAccount: true,
  hasSubaccount: false,
  ...overrides,
});
const merchants = [
  store('Ready Store', {}),
  store('No Bank Store', { hasBankAccount: false }),
  store('Empty Store', { payable: 0 }),
  store('Paying Store', { openPayoutId: crypto.randomUUID(), approved: 4_000, payable: 0 }),
];
const waitingForOtp = {
  id: crypto.randomUUID(),
  reference: 'PAY-OTP',
  storeId: merchants[0]!.storeId,
  storeName: 'Ready Store',
  amount: 9_000,
  status: 'otp',
  orderCount: 1,
  bankName: 'Guaranty Trust Bank',
  accountNumberLast4: '6785',
  failureReason: null,
  needsOtp: true,
  approvedAt: '2026-11-26T01:00:00.000Z',
  processedAt: null,
};

/** The admin API as an admin holding `permissions` (a custom role's, resolved by the server) sees it. */
function adminApi(permissions: string[]) {
  return recordFetch(({ url }) => {
    if (url === urlOf(authEndpoints.permissions))
      return jsonResponse(200, {
        message: 'Permissions',
        data: { permissions, role: 'admin', storeId: null },
      });
    if (url === urlOf(adminPayoutEndpoints.stats))
      return jsonResponse(200, {
        message: 'Payment stats',
        data: {
          processedPayment: 0,
          approvedPayment: 4_000,
          pendingPayment: 9_000,
          settlementMode: 'transfer',
          settledPayment: 0,
        },
      });
    if (url.startsWith(urlOf(adminPayoutEndpoints.merchants)))
      return jsonResponse(200, {
        message: 'Merchants to pay',
        data: { merchants, pagination: { page: 1, limit: 20, totalItems: 4, totalPages: 1 } },
      });
    if (url.startsWith(urlOf(adminPayoutEndpoints.payouts)))
      return jsonResponse(200, {
        message: 'Payouts',
        data: { payouts: [waitingForOtp], pagination: { page: 1, limit: 12, totalItems: 1, totalPages: 1 } },
      });
    if (url === urlOf(adminPayoutEndpoints.categories))
      return jsonResponse(200, {
        message: 'Payment categories',
        data: [{ slug: 'standard', name: 'Standard', commissionPercentage: 10, storeCount: 3 }],
      });
    return jsonResponse(404, { message: 'Not found', error: 'NOT_FOUND' });
  });
}

const row = async (name: string) =>
  (await screen.findByText(name)).closest('[data-testid="payable-merchant"]') as HTMLElement;

describe('a custom role holding only "See reports and payouts"', () => {
  it('sees payouts with no action: no Approve payout, no OTP form, and is told why', async () => {
    const api = adminApi(['finance:read']);
    vi.stubGlobal('fetch', api.fetchMock);
    renderScreen(<PayoutsScreen />);
    expect(await screen.findByTestId('read-only')).toHaveTextContent('can see payouts but not approve them');
    await row('Ready Store');
    expect(await screen.findByText('PAY-OTP', { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve payout' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Enter OTP' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resend OTP' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    for (const button of screen.queryAllByRole('button')) {
      // Whatever buttons remain (pages, retry) only read.
      expect(button).not.toHaveTextContent(/approve|pay|otp/i);
    }
  });

  it('sees the commission of each category, with no field to edit and no Save', async () => {
    vi.stubGlobal('fetch', adminApi(['finance:read']).fetchMock);
    renderScreen(<PayoutCategoriesScreen />);
    expect(await screen.findByText('Standard')).toBeInTheDocument();
    expect(await screen.findByTestId('read-only')).toHaveTextContent('not change them');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe('an admin who approves payouts', () => {
  it('is offered Approve payout only where it can succeed, and told why elsewhere', async () => {
    vi.stubGlobal('fetch', adminApi(['finance:read', 'finance:payouts']).fetchMock);
    renderScreen(<PayoutsScreen />);
    const ready = await row('Ready Store');
    expect(await within(ready).findByRole('button', { name: 'Approve payout' })).toBeEnabled();
    expect(screen.getAllByRole('button', { name: 'Approve payout' })).toHaveLength(1);
    expect(within(await row('No Bank Store')).getByTestId('payout-blocked')).toHaveTextContent(
      'No payout bank account yet',
    );
    expect(within(await row('Empty Store')).getByTestId('payout-blocked')).toHaveTextContent(
      'Nothing payable yet',
    );
    expect(within(await row('Paying Store')).getByTestId('payout-blocked')).toHaveTextContent(
      'already on its way',
    );
    expect(screen.getByRole('button', { name: 'Enter OTP' })).toBeEnabled();
    expect(screen.queryByTestId('read-only')).toBeNull();
  });

  it('edits the commissions', async () => {
    vi.stubGlobal('fetch', adminApi(['finance:read', 'finance:payouts']).fetchMock);
    renderScreen(<PayoutCategoriesScreen />);
    expect(await screen.findByRole('textbox', { name: 'Standard commission (%)' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});
