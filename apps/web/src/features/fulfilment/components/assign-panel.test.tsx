import { adminOrderEndpoints, urlOf } from '@market/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { AssignPanel } from './assign-panel';

afterEach(() => vi.unstubAllGlobals());

const orderId = 'f0000000-0000-4000-8000-00000000000f';
const partnerId = 'c0000000-0000-4000-8000-00000000000c';

describe('assigning an order to its carrier', () => {
  it('asks for a carrier first, then sends the one chosen', async () => {
    const fetchMock = mockFetch((_url, method) => {
      if (method === 'POST') return jsonResponse(200, { message: 'Order assigned', data: { id: orderId } });
      return jsonResponse(200, {
        message: 'Carriers',
        data: [{ id: partnerId, kind: 'partner', name: 'Swift Riders', phoneNumber: null }],
      });
    });
    const person = userEvent.setup();
    renderScreen(<AssignPanel orderId={orderId} />);
    const select = screen.getByLabelText('Assign to');
    await person.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Choose who carries the order')).toBeVisible();
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveFocus();
    const assigns = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(assigns()).toHaveLength(0);

    await screen.findByRole('option', { name: 'Swift Riders (shipping partner)' });
    await person.selectOptions(select, `partner:${partnerId}`);
    await person.click(screen.getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(assigns()).toHaveLength(1));
    expect(String(assigns()[0]![0])).toContain(
      urlOf(adminOrderEndpoints.assign, { params: { id: orderId } }),
    );
    expect(JSON.parse(String(assigns()[0]![1]?.body))).toEqual({ carrier: 'partner', partnerId });
  });
});
