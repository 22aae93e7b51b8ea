import {
  BUSINESS_ACCOUNT_CLOSED_MESSAGE,
  CLOSE_REFUSED_DELIVERY_IN_FLIGHT,
  CLOSE_REFUSED_STORE_OWNER,
  dataRightsEndpoints,
  urlOf,
} from '@market/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type StoredSession, useSessionStore } from '../../../lib/session';
import { recordFetch } from '../../../test/fixtures-catalog';
import { jsonResponse, renderScreen } from '../../../test/render';
import { forgetSessionsAfterEach } from '../../../test/session';
import type { BusinessAccountKind } from '../api/business-data-rights';
import { BusinessDataRights } from './business-data-rights';

forgetSessionsAfterEach();
afterEach(() => {
  vi.restoreAllMocks();
});

const exported = {
  format: 'naija-market.personal-data.v1',
  exportedAt: '2026-11-29T10:00:00.000Z',
  account: {},
  addresses: [],
  orders: [],
  reviews: [],
  returns: [],
  notificationPreferences: [],
};

const cases: {
  kind: BusinessAccountKind;
  exportData: (typeof dataRightsEndpoints)['exportMineMerchant' | 'exportMinePartner'];
  close: (typeof dataRightsEndpoints)['closeMineMerchant' | 'closeMinePartner'];
  refusal: string;
  login: string;
}[] = [
  {
    kind: 'merchant',
    exportData: dataRightsEndpoints.exportMineMerchant,
    close: dataRightsEndpoints.closeMineMerchant,
    refusal: CLOSE_REFUSED_STORE_OWNER,
    login: '/merchant/login',
  },
  {
    kind: 'partner',
    exportData: dataRightsEndpoints.exportMinePartner,
    close: dataRightsEndpoints.closeMinePartner,
    refusal: CLOSE_REFUSED_DELIVERY_IN_FLIGHT,
    login: '/shipping-partner/login',
  },
];

async function askToClose() {
  await userEvent.type(screen.getByLabelText(/Your password/), 'Sup3rSecret!');
  await userEvent.click(screen.getByRole('button', { name: 'Close my account' }));
}

describe.each(cases)('data rights of a $kind account', ({ kind, exportData, close, refusal, login }) => {
  it('downloads the data from its own endpoint as a JSON file', async () => {
    const { calls, fetchMock } = recordFetch(() => jsonResponse(200, { message: 'OK', data: exported }));
    vi.stubGlobal('fetch', fetchMock);
    const createObjectURL = vi.fn(() => 'blob:my-data');
    // jsdom has no object URLs: a URL class with them stands in for this test only (unstubbed after each).
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = createObjectURL;
        static override revokeObjectURL = vi.fn();
      },
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderScreen(<BusinessDataRights kind={kind} />);
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    await vi.waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(calls).toEqual([{ url: urlOf(exportData), method: 'GET', body: undefined }]);
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(
      'naija-market-my-data-2026-11-29.json',
    );
  });

  it('asks in a dialog before closing; cancelling sends nothing', async () => {
    const { calls, fetchMock } = recordFetch(() =>
      jsonResponse(200, { message: BUSINESS_ACCOUNT_CLOSED_MESSAGE }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderScreen(<BusinessDataRights kind={kind} />);
    await userEvent.click(screen.getByRole('button', { name: 'Close my account' }));
    expect(await screen.findByText('Enter your password')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await askToClose();
    expect(await screen.findByRole('alertdialog', { name: 'Close your account?' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows the server's refusal (409) and stays signed in", async () => {
    const { calls, fetchMock } = recordFetch(() =>
      jsonResponse(409, { message: refusal, error: 'CONFLICT' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    useSessionStore.setState({ sessions: { [kind]: { token: 't', refreshToken: 'r' } as StoredSession } });
    const { router } = renderScreen(<BusinessDataRights kind={kind} />, { route: '/account' });
    await askToClose();
    await userEvent.click(screen.getByRole('button', { name: 'Close my account for good' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(calls[0]).toMatchObject({
      url: urlOf(close),
      method: 'POST',
      body: { password: 'Sup3rSecret!', confirm: 'CLOSE' },
    });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(useSessionStore.getState().sessions[kind]).toBeDefined();
    expect(router.state.location.pathname).toBe('/account');
  });

  it('signs out and lands on sign-in once the account is closed', async () => {
    const { calls, fetchMock } = recordFetch(() =>
      jsonResponse(200, { message: BUSINESS_ACCOUNT_CLOSED_MESSAGE }),
    );
    vi.stubGlobal('fetch', fetchMock);
    useSessionStore.setState({ sessions: { [kind]: { token: 't', refreshToken: 'r' } as StoredSession } });
    const { router } = renderScreen(<BusinessDataRights kind={kind} />, { route: '/account' });
    await askToClose();
    await userEvent.click(screen.getByRole('button', { name: 'Close my account for good' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(login));
    expect(calls).toHaveLength(1);
    expect(useSessionStore.getState().sessions[kind]).toBeUndefined();
  });
});
