import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordFetch } from '../../../test/fixtures-catalog';
import { jsonResponse, renderScreen } from '../../../test/render';
import { type RefundFilter, RefundRequests } from './refund-requests';

afterEach(() => vi.unstubAllGlobals());

// Issue 29 (ADR 061): refunds whose outcome the provider has not told us are their own filter, and such a refund
// offers no action (sending it again, rejecting it or paying it another way could pay the customer twice).

const refund = {
  id: '9b2f6c1e-55a4-4f55-9d55-0b9a3a3f1c11',
  reference: 'RFD-UNKNOWN1',
  orderId: '1f9d8c7b-55a4-4f55-9d55-0b9a3a3f1c11',
  orderName: 'NM-ABC123',
  returnId: null,
  kind: 'cancellation',
  destination: 'provider',
  amount: 26_950,
  reason: 'Cancelled by the store',
  status: 'unknown',
  providerReference: null,
  failureReason: 'The payment provider did not answer; asking it whether the refund was made',
  needsAttention: false,
  chargedTo: 'merchant',
  attempts: 1,
  nextAttemptAt: null,
  decision: null,
  createdAt: '2026-11-29T09:00:00.000Z',
  processedAt: null,
};

/** The screen as its route holds it: the filter lives in the URL there, in state here. */
function Screen() {
  const [state, setState] = useState<{ page: number; status?: RefundFilter }>({ page: 1 });
  return <RefundRequests page={state.page} status={state.status} onChange={setState} />;
}

describe('RefundRequests', () => {
  it('filters by "not known yet", asks the server for those, and offers no action on them', async () => {
    const recorder = recordFetch(({ url }) =>
      jsonResponse(200, {
        message: 'Refunds',
        data: {
          refunds: url.includes('status=unknown') ? [refund] : [],
          pagination: {
            page: 1,
            limit: 20,
            totalItems: url.includes('status=unknown') ? 1 : 0,
            totalPages: 1,
          },
        },
      }),
    );
    vi.stubGlobal('fetch', recorder.fetchMock);
    renderScreen(<Screen />);
    expect(await screen.findByText('No refund requests match')).toBeInTheDocument();
    const filter = screen.getByLabelText('Status');
    expect(
      within(filter).getByRole('option', { name: 'Not known yet (asking the provider)' }),
    ).toBeInTheDocument();
    await userEvent.selectOptions(filter, 'unknown');
    const row = await screen.findByTestId('refund-request');
    expect(recorder.calls.some((call) => call.url.includes('status=unknown'))).toBe(true);
    expect(within(row).getByTestId('refund-outcome-unknown')).toHaveTextContent(
      'until it answers, the refund cannot be sent again, rejected or marked paid another way',
    );
    expect(within(row).queryByRole('button')).toBeNull();
  });

  it('offers a door-paid refund (ADR 089) "paid another way" while it is owed, never a retry to Paystack', async () => {
    const owed = {
      ...refund,
      reference: 'RFD-DOOR1',
      kind: 'return',
      destination: 'bank_transfer',
      status: 'pending',
      failureReason: null,
      attempts: 0,
    };
    const recorder = recordFetch(() =>
      jsonResponse(200, {
        message: 'Refunds',
        data: { refunds: [owed], pagination: { page: 1, limit: 20, totalItems: 1, totalPages: 1 } },
      }),
    );
    vi.stubGlobal('fetch', recorder.fetchMock);
    renderScreen(<Screen />);
    const row = await screen.findByTestId('refund-request');
    expect(row).toHaveTextContent('paid at the door: bank transfer');
    expect(within(row).getByTestId('refund-owed-by-transfer')).toHaveTextContent(
      'transfer it to the customer’s bank account',
    );
    expect(within(row).getByRole('button', { name: 'Paid another way' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Retry refund' })).toBeNull();
  });
});
