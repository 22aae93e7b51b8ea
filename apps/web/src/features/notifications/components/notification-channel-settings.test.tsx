import { notificationEndpoints, urlOf } from '@market/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordFetch } from '../../../test/fixtures-catalog';
import { jsonResponse, renderScreen } from '../../../test/render';
import { NotificationChannelSettings } from './notification-channel-settings';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const off = { whatsapp: null, dailyDigest: false, whatsappAvailable: false };

describe('the WhatsApp opt-in and the digest (issue 36)', () => {
  it('turns WhatsApp on only with the number and the tick of consent, and says SMS stands in without it', async () => {
    const { calls, fetchMock } = recordFetch((call) =>
      call.method === 'PUT'
        ? jsonResponse(200, {
            message: 'Notification settings saved',
            data: {
              ...off,
              whatsapp: { phoneNumber: '+2348035550101', consentedAt: '2026-11-29T10:00:00.000Z' },
            },
          })
        : jsonResponse(200, { message: 'Notification settings', data: off }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderScreen(<NotificationChannelSettings kind="customer" />);
    expect(await screen.findByText(/comes by SMS to this number instead/)).toBeInTheDocument();
    const turnOn = screen.getByRole('button', { name: 'Turn on WhatsApp' });
    await userEvent.type(screen.getByLabelText(/WhatsApp number/), '0803 555 0101');
    expect(turnOn).toBeDisabled();
    await userEvent.click(screen.getByLabelText(/I agree to receive Naija Market messages on WhatsApp/));
    await userEvent.click(turnOn);
    expect(await screen.findByText('+2348035550101')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      {
        url: urlOf(notificationEndpoints.updateSettings),
        method: 'PUT',
        body: { whatsapp: { phoneNumber: '0803 555 0101', consent: true } },
      },
    ]);
    // No digest for a customer.
    expect(screen.queryByText('Daily digest')).not.toBeInTheDocument();
  });

  it('checks the number with the contract before turning WhatsApp on', async () => {
    const { calls, fetchMock } = recordFetch(() =>
      jsonResponse(200, { message: 'Notification settings', data: off }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderScreen(<NotificationChannelSettings kind="customer" />);
    const number = await screen.findByLabelText(/WhatsApp number/);
    await userEvent.type(number, '0803');
    await userEvent.click(screen.getByLabelText(/I agree to receive Naija Market messages on WhatsApp/));
    await userEvent.click(screen.getByRole('button', { name: 'Turn on WhatsApp' }));
    expect(await screen.findByText('Enter the WhatsApp number')).toBeInTheDocument();
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(number).toHaveFocus();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('offers an admin the daily digest', async () => {
    const { calls, fetchMock } = recordFetch((call) =>
      jsonResponse(200, {
        message: 'Notification settings',
        data: { ...off, dailyDigest: call.method === 'PUT' },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderScreen(<NotificationChannelSettings kind="admin" />);
    await userEvent.click(await screen.findByLabelText(/One message a day about approvals/));
    await vi.waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ dailyDigest: true }),
    );
  });
});
