import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordFetch } from '../../../test/fixtures-catalog';
import { jsonResponse, renderScreen } from '../../../test/render';
import { NotificationPreferences } from './notification-preferences';

afterEach(() => vi.unstubAllGlobals());

const rows = [
  {
    kind: 'order.paid',
    label: 'A new paid order',
    inApp: true,
    email: true,
    sms: false,
    whatsapp: false,
    offered: ['inApp', 'sms', 'whatsapp'],
  },
  {
    kind: 'order.cancelled',
    label: 'An order cancelled',
    inApp: true,
    email: false,
    sms: false,
    whatsapp: false,
    offered: ['inApp', 'email', 'sms', 'whatsapp'],
  },
];

describe('notification preferences', () => {
  it('saves every kind’s switches once one changes, as the contract’s body', async () => {
    const { calls, fetchMock } = recordFetch((call) =>
      jsonResponse(200, { message: call.method === 'PUT' ? 'Saved' : 'Preferences', data: rows }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const person = userEvent.setup();
    renderScreen(<NotificationPreferences kind="merchant" />);
    const save = await screen.findByRole('button', { name: 'Save notification settings' });
    expect(save).toBeDisabled();
    expect(screen.getByText('E-mail: always sent')).toBeInTheDocument();
    const paid = screen.getByRole('group', { name: 'A new paid order' });
    const sms = paid.querySelectorAll('input[type="checkbox"]')[1] as HTMLInputElement;
    expect(sms).not.toBeChecked();
    await person.click(sms);
    await waitFor(() => expect(save).toBeEnabled());
    await person.click(save);
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      preferences: [
        { kind: 'order.paid', inApp: true, email: true, sms: true, whatsapp: false },
        { kind: 'order.cancelled', inApp: true, email: false, sms: false, whatsapp: false },
      ],
    });
  });
});
