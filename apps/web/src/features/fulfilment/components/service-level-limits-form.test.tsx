import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { signedInForEachTest } from '../../../test/session';
import { ServiceLevelLimitsForm } from './service-level-limits-form';

signedInForEachTest('admin');

const limits = {
  awaiting_acceptance: 48,
  ready_not_picked_up: 24,
  in_transit_too_long: 72,
  out_for_delivery_too_long: 24,
  return_awaiting_decision: 48,
};

describe('the service-level limits form', () => {
  it('shows each limit, refuses a limit out of range without asking the server, and saves all five', async () => {
    const fetchMock = mockFetch((_url, method, body) => {
      if (method === 'PUT')
        return jsonResponse(200, {
          message: 'Service-level limits saved',
          data: { limits: body, updatedAt: '2026-11-29T12:00:00.000Z' },
        });
      return jsonResponse(200, { message: 'Service-level limits', data: { limits, updatedAt: null } });
    });
    renderScreen(<ServiceLevelLimitsForm />);
    const waiting = await screen.findByLabelText('Waiting for acceptance (hours)');
    expect(waiting).toHaveValue('48');
    expect(screen.getByLabelText('Return waiting for a decision (hours)')).toHaveValue('48');

    const user = userEvent.setup();
    await user.clear(waiting);
    await user.type(waiting, '0');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('At least 1 hour');
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(0);

    await user.clear(waiting);
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(await screen.findByText('Enter a number of hours')).toBeVisible();
    expect(waiting).toHaveFocus();
    await user.type(waiting, '24');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(1),
    );
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ ...limits, awaiting_acceptance: 24 });
  });

  it('says so when the limits cannot be read', async () => {
    mockFetch(() => jsonResponse(500, { message: 'Something went wrong', error: 'INTERNAL_ERROR' }));
    renderScreen(<ServiceLevelLimitsForm />);
    // After the query's two retries (1 s, then 2 s).
    expect(
      await screen.findByText('Could not get the limits. Try again later.', {}, { timeout: 8_000 }),
    ).toBeInTheDocument();
  });
});
