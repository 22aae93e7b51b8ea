import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderReturn, returnIds } from '../../../test/fixtures-returns';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { StaffReturnDetail } from './staff-return-detail';

afterEach(() => vi.unstubAllGlobals());

const id = returnIds.request;

describe('the store’s return decision', () => {
  it('offers approve and reject on a new request, never a refund yet', async () => {
    mockFetch(() => jsonResponse(200, { message: 'Return', data: orderReturn() }));
    renderScreen(<StaffReturnDetail viewer="merchant" id={id} backTo="/merchant/returns" />);
    expect(await screen.findByRole('button', { name: 'Approve' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Refund/ })).toBeNull();
    expect(screen.getByText('The charger stopped working.')).toBeVisible();
  });

  it('refunds what was paid for the items once approved, with the decision the server expects', async () => {
    const approved = orderReturn({
      status: { code_name: 'approved', known_name: 'Approved' },
      allowedNextStatuses: ['item_received'],
      canDecide: true,
    });
    const fetchMock = mockFetch((url) =>
      String(url).includes('update-refund-decision')
        ? jsonResponse(200, { message: 'Return is now Refunded', data: approved })
        : jsonResponse(200, { message: 'Return', data: approved }),
    );
    const person = userEvent.setup();
    renderScreen(<StaffReturnDetail viewer="merchant" id={id} backTo="/merchant/returns" />);
    await person.click(await screen.findByRole('button', { name: 'Refund ₦12,500.00' }));
    // Nothing is sent before the dialog with the amount is confirmed.
    const dialog = await screen.findByRole('dialog', { name: 'Refund these items?' });
    expect(within(dialog).getByTestId('money-dialog-amount')).toHaveTextContent('₦12,500.00');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('update-refund-decision'))).toBe(false);
    await person.click(within(dialog).getByRole('button', { name: 'Refund ₦12,500.00' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('update-refund-decision'))).toBe(true),
    );
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('update-refund-decision'))!;
    expect(call[1]?.method).toBe('PATCH');
    expect(JSON.parse(String(call[1]?.body))).toEqual({ decision: 'refund' });
  });

  it('rejects only with a reason, after showing what is not refunded', async () => {
    const fetchMock = mockFetch((url) =>
      String(url).includes('update-return-status')
        ? jsonResponse(200, { message: 'Return is now Rejected', data: orderReturn() })
        : jsonResponse(200, { message: 'Return', data: orderReturn() }),
    );
    const person = userEvent.setup();
    renderScreen(<StaffReturnDetail viewer="merchant" id={id} backTo="/merchant/returns" />);
    await person.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this return?' });
    expect(within(dialog).getByTestId('money-dialog-amount')).toHaveTextContent('₦12,500.00');
    await person.click(within(dialog).getByRole('button', { name: 'Reject the return' }));
    expect(await within(dialog).findByText('Give the reason (at least 5 characters)')).toBeVisible();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('update-return-status'))).toBe(false);
    await person.type(within(dialog).getByLabelText(/Reason/), '  The seal is broken.  ');
    await person.click(within(dialog).getByRole('button', { name: 'Reject the return' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('update-return-status'))).toBe(true),
    );
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('update-return-status'))!;
    expect(JSON.parse(String(call[1]?.body))).toEqual({ status: 'rejected', note: 'The seal is broken.' });
  });

  it('a chargeback confirms with the refund’s amount and cannot be saved without a reason', async () => {
    const disputed = orderReturn({
      status: { code_name: 'rejected', known_name: 'Rejected' },
      dispute: { status: 'open', reason: 'It broke by itself.', decisionNote: null },
      allowedNextStatuses: ['closed'],
      canDecide: true,
    });
    const fetchMock = mockFetch((url) =>
      String(url).includes('update-chargeback-decision')
        ? jsonResponse(200, { message: 'Chargeback decision saved', data: disputed })
        : jsonResponse(200, { message: 'Return', data: disputed }),
    );
    const person = userEvent.setup();
    renderScreen(<StaffReturnDetail viewer="admin" id={id} backTo="/admin/returns" />);
    await person.click(await screen.findByRole('button', { name: 'Platform bears it' }));
    const dialog = await screen.findByRole('dialog', { name: 'The platform bears this refund?' });
    expect(within(dialog).getByTestId('money-dialog-amount')).toHaveTextContent('₦12,500.00');
    await person.click(within(dialog).getByRole('button', { name: 'Platform bears it' }));
    expect(await within(dialog).findByText('Give the reason (at least 5 characters)')).toBeVisible();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('chargeback'))).toBe(false);
    await person.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('chargeback'))).toBe(false);
  });

  it('upholding a dispute says the goods are collected, and the return then shows its pickup', async () => {
    const disputed = orderReturn({
      status: { code_name: 'rejected', known_name: 'Rejected' },
      dispute: { status: 'open', reason: 'It broke by itself.', decisionNote: null },
      allowedNextStatuses: ['closed'],
      canDecide: true,
    });
    const upheld = orderReturn({
      status: { code_name: 'refunded', known_name: 'Refunded' },
      dispute: { status: 'upheld', reason: 'It broke by itself.', decisionNote: null },
      allowedNextStatuses: [],
      canDecide: false,
      pickup: {
        id: 'b0000000-0000-4000-8000-00000000000b',
        status: { code_name: 'requested', known_name: 'Waiting for a carrier' },
        carrierKind: null,
        carrierName: null,
        collectionLocked: false,
        collectEvidence: null,
        dropOffEvidence: null,
        assignedAt: null,
        collectedAt: null,
        deliveredAt: null,
      },
    });
    let decided = false;
    const fetchMock = mockFetch((url) => {
      if (String(url).includes('return-order')) {
        decided = true;
        return jsonResponse(200, { message: 'Order return was successful', data: upheld });
      }
      return jsonResponse(200, { message: 'Return', data: decided ? upheld : disputed });
    });
    const person = userEvent.setup();
    renderScreen(<StaffReturnDetail viewer="admin" id={id} backTo="/admin/returns" />);
    await person.click(await screen.findByRole('button', { name: 'Refund ₦12,500.00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund these items?' });
    expect(dialog).toHaveTextContent(
      'A carrier collects the items from Ada Obi and takes them back to Chinedu Gadgets (Return pickups).',
    );
    await person.click(within(dialog).getByRole('button', { name: 'Refund ₦12,500.00' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('return-order'))).toBe(true),
    );
    expect(
      await screen.findByRole('heading', { name: 'Collection of the items: Waiting for a carrier' }),
    ).toBeVisible();
  });

  it('shows an error with a retry when the return cannot be loaded', async () => {
    mockFetch(() => jsonResponse(403, { message: 'Forbidden', error: 'FORBIDDEN' }));
    renderScreen(<StaffReturnDetail viewer="merchant" id={id} backTo="/merchant/returns" />);
    expect(await screen.findByText('Could not get this return. Try again later.')).toBeVisible();
    expect(screen.getByRole('button', { name: /try again/i })).toBeVisible();
  });
});
