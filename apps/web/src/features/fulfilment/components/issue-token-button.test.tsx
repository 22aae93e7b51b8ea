import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderScreen } from '../../../test/render';
import { mockFetchHolding, signedInForEachTest } from '../../../test/session';
import { IssueTokenButton } from './issue-token-button';

const adminHolding = (permissions: string[]) =>
  mockFetchHolding(
    permissions,
    () => jsonResponse(200, { message: 'Token issued', data: { id: 'o1', deliveryLocked: false } }),
    { role: 'x', storeId: null },
  );

signedInForEachTest('admin');

describe('issuing a new delivery token', () => {
  it('asks an admin before replacing the customer’s token, and sends nothing on Cancel', async () => {
    const fetchMock = adminHolding(['orders:tokens']);
    const user = userEvent.setup();
    renderScreen(<IssueTokenButton orderId="o1" />);
    await user.click(await screen.findByRole('button', { name: 'Issue a new delivery token' }));
    expect(screen.getByRole('alertdialog', { name: 'Issue a new delivery token?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const tokenCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('update-token'));
    expect(tokenCalls()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Issue a new delivery token' }));
    await user.click(screen.getByRole('button', { name: 'Issue new token' }));
    await waitFor(() => expect(tokenCalls()).toHaveLength(1));
    expect(tokenCalls()[0]?.[1]?.method).toBe('PATCH');
  });
});
