import {
  CLOSE_REFUSED_ORDER_IN_FLIGHT,
  type CustomerProfile,
  dataRightsEndpoints,
  urlOf,
} from '@market/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordFetch } from '../../../test/fixtures-catalog';
import { jsonResponse, renderScreen } from '../../../test/render';
import { CloseAccountForm, MarketingConsentField } from './data-rights';

afterEach(() => vi.unstubAllGlobals());

const profile: CustomerProfile = {
  id: '00000000-0000-4000-8000-000000000001',
  firstName: 'Ada',
  lastName: 'Obi',
  email: 'ada@example.ng',
  phoneNumber: null,
  image: null,
  pendingEmail: null,
  marketingConsent: false,
  marketingConsentAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('data rights on the profile', () => {
  it('marketing is off until the customer turns it on, and the choice is sent', async () => {
    const { calls, fetchMock } = recordFetch(() =>
      jsonResponse(200, {
        message: 'You will receive offers and news.',
        data: { marketingConsent: true, marketingConsentAt: '2026-11-29T10:00:00.000Z' },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderScreen(<MarketingConsentField profile={profile} />);
    const box = screen.getByLabelText('Send me offers and news by email and SMS');
    expect(box).not.toBeChecked();
    await userEvent.click(box);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      url: urlOf(dataRightsEndpoints.marketingConsent),
      method: 'PATCH',
      body: { consent: true },
    });
  });

  it('closing asks for the password and CLOSE, and shows why the server refused', async () => {
    const { calls, fetchMock } = recordFetch(() =>
      jsonResponse(409, { message: CLOSE_REFUSED_ORDER_IN_FLIGHT, error: 'CONFLICT' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderScreen(<CloseAccountForm />);
    expect(screen.getByText(/keep financial records/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close my account' }));
    expect(await screen.findByText('Enter your password')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await userEvent.type(screen.getByLabelText(/Your password/), 'Sup3rSecret!');
    await userEvent.type(screen.getByLabelText(/Type CLOSE/), 'CLOSE');
    await userEvent.click(screen.getByRole('button', { name: 'Close my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CLOSE_REFUSED_ORDER_IN_FLIGHT);
    expect(calls[0]).toMatchObject({
      url: urlOf(dataRightsEndpoints.closeMine),
      method: 'POST',
      body: { password: 'Sup3rSecret!', confirm: 'CLOSE' },
    });
  });
});
