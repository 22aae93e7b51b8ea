import { CLOSE_REFUSED_DELIVERY_IN_FLIGHT, dataRightsEndpoints, urlOf } from '@market/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordFetch } from '../../../test/fixtures-catalog';
import { jsonResponse, renderScreen } from '../../../test/render';
import { Component as DataRequests } from './data-rights';

afterEach(() => vi.unstubAllGlobals());

const accountId = '00000000-0000-4000-8000-0000000000d1';

describe('the admin data requests screen', () => {
  it('checks the request before asking, downloads the data with the request as its reason', async () => {
    const { calls, fetchMock } = recordFetch(() =>
      jsonResponse(200, {
        message: 'The personal data',
        data: {
          format: 'naija-market.personal-data.v1',
          exportedAt: '2026-11-29T10:00:00.000Z',
          account: { id: accountId },
        },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    // Fields are filled in one go (typing 60 characters one by one costs seconds). jsdom has no object URLs: the saved file is caught where the page makes one.
    const created: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob);
      return 'blob:data';
    };
    URL.revokeObjectURL = () => undefined;
    renderScreen(<DataRequests />);
    expect(document.title).toContain('Data requests');
    await userEvent.click(screen.getByRole('button', { name: 'Download their data' }));
    expect(await screen.findByText('Enter the account id (36 characters, with dashes)')).toBeInTheDocument();
    expect(screen.getByText('Say which written request this acts on')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/Account id/), { target: { value: accountId } });
    fireEvent.change(screen.getByLabelText(/Written request/), {
      target: { value: 'Letter of 28 Nov, ticket DR-17' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Download their data' }));
    expect(await screen.findByText('The personal data was saved as a JSON file.')).toBeInTheDocument();
    expect(calls[0]?.url).toBe(
      urlOf(dataRightsEndpoints.adminExport, {
        params: { id: accountId },
        query: { reason: 'Letter of 28 Nov, ticket DR-17' },
      }),
    );
    expect(created).toHaveLength(1);
  });

  it('closes only after a confirmation, and says in the server’s words why it could not', async () => {
    const { calls, fetchMock } = recordFetch(() =>
      jsonResponse(409, { message: CLOSE_REFUSED_DELIVERY_IN_FLIGHT, error: 'CONFLICT' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderScreen(<DataRequests />);
    fireEvent.change(screen.getByLabelText(/Account id/), { target: { value: accountId } });
    fireEvent.change(screen.getByLabelText(/Written request/), {
      target: { value: 'Letter from Test Riders, DR-21' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Close their account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Close this account?' });
    expect(calls).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close the account' }));
    expect(await screen.findByText(CLOSE_REFUSED_DELIVERY_IN_FLIGHT)).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      url: urlOf(dataRightsEndpoints.adminClose, { params: { id: accountId } }),
      method: 'POST',
      body: { reason: 'Letter from Test Riders, DR-21' },
    });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
