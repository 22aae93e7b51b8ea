import { hubAdminEndpoints, hubEndpoints, urlOf } from '@market/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { HubApplications } from './hub-applications';
import { HubApplicationsAdmin } from './hub-applications-admin';
import { HubForm } from './hub-form';

afterEach(() => vi.unstubAllGlobals());

const hub = {
  id: 'a0000000-0000-4000-8000-00000000000a',
  name: 'Lagos Ikeja Hub',
  address: '14 Oba Akran Avenue',
  state: 'Lagos',
  lga: 'Ikeja',
  capacity: 1200,
  contactPhone: '+2348031234501',
  contactEmail: 'ikeja.hub@demo.ng',
  isActive: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};
const application = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  hub: { id: hub.id, name: hub.name, state: hub.state, lga: hub.lga },
  kind: 'use',
  note: 'About 20 parcels a day',
  applicantKind: 'store',
  applicantId: 'b0000000-0000-4000-8000-00000000000b',
  applicantName: 'Chinedu Gadgets',
  status: 'pending',
  rejectionReason: null,
  decidedAt: null,
  createdAt: '2026-11-21T10:00:00.000Z',
  ...overrides,
});
const first = 'c0000000-0000-4000-8000-00000000000c';

describe('admin hub applications', () => {
  it('approves one; it leaves the pending list after the refetch', async () => {
    let approved = false;
    const fetchMock = mockFetch((url, method) => {
      if (method === 'POST' && url.includes(urlOf(hubAdminEndpoints.approve, { params: { id: first } }))) {
        approved = true;
        return jsonResponse(200, { message: 'Successfully approved hub', data: application(first) });
      }
      return jsonResponse(200, { message: 'Hub applications', data: approved ? [] : [application(first)] });
    });
    const person = userEvent.setup();
    renderScreen(<HubApplicationsAdmin />);
    await person.click(
      await screen.findByRole('button', { name: 'Approve Chinedu Gadgets for Lagos Ikeja Hub' }),
    );
    expect(await screen.findByText('No hub application is waiting')).toBeVisible();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true);
  });

  it('asks for a reason before rejecting and sends it', async () => {
    const fetchMock = mockFetch((_url, method) =>
      method === 'POST'
        ? jsonResponse(200, { message: 'Hub application rejected', data: application(first) })
        : jsonResponse(200, { message: 'Hub applications', data: [application(first)] }),
    );
    const person = userEvent.setup();
    renderScreen(<HubApplicationsAdmin />);
    await person.click(
      await screen.findByRole('button', { name: 'Reject Chinedu Gadgets for Lagos Ikeja Hub' }),
    );
    const dialog = await screen.findByRole('dialog');
    await person.type(within(dialog).getByLabelText(/Reason/), 'Hub is full');
    await person.click(within(dialog).getByRole('button', { name: 'Reject application' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) => String(url).includes(`/applications/${first}/reject`)),
      ).toBe(true),
    );
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/reject'))!;
    expect(JSON.parse(String(call[1]?.body))).toEqual({ reason: 'Hub is full' });
  });

  it('shows an error with a retry when the list fails', async () => {
    mockFetch(() => jsonResponse(404, { message: 'Not found', error: 'NOT_FOUND' }));
    renderScreen(<HubApplicationsAdmin />);
    expect(await screen.findByText('Could not get hub applications. Try again later.')).toBeVisible();
  });
});

describe('hub form', () => {
  it('offers the LGAs of the chosen state and checks the fields before sending', async () => {
    const fetchMock = mockFetch(() => jsonResponse(201, { message: 'Hub created', data: hub }));
    const person = userEvent.setup();
    const onDone = vi.fn();
    renderScreen(<HubForm onDone={onDone} />);
    expect(screen.getByLabelText(/^LGA/)).toBeDisabled();
    await person.click(screen.getByRole('button', { name: 'Create hub' }));
    expect(await screen.findByText('Hub name must be at least 3 characters')).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();

    await person.type(screen.getByLabelText(/^Name/), 'Lagos Ikeja Hub');
    await person.type(screen.getByLabelText(/^Capacity/), '1200');
    await person.type(screen.getByLabelText(/^Street address/), '14 Oba Akran Avenue');
    await person.selectOptions(screen.getByLabelText(/^State/), 'Lagos');
    await person.selectOptions(screen.getByLabelText(/^LGA/), 'Ikeja');
    await person.type(screen.getByLabelText(/^Contact phone/), '08031234501');
    await person.type(screen.getByLabelText(/^Contact e-mail/), 'ikeja.hub@demo.ng');
    await person.click(screen.getByRole('button', { name: 'Create hub' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toMatchObject({
      name: 'Lagos Ikeja Hub',
      state: 'Lagos',
      lga: 'Ikeja',
      capacity: 1200,
      isActive: true,
    });
  });
});

describe('applying for a hub', () => {
  it('lists the applications with their status and the rejection reason, and sends a new one', async () => {
    const fetchMock = mockFetch((url, method) => {
      if (method === 'POST')
        return jsonResponse(201, {
          message: 'Application sent. An admin will review it.',
          data: application(first),
        });
      if (url.includes(urlOf(hubEndpoints.approved)))
        return jsonResponse(200, { message: 'Approved hubs', data: [hub] });
      return jsonResponse(200, {
        message: 'Your hub applications',
        data: [application(first, { status: 'rejected', rejectionReason: 'Hub is full', kind: 'run' })],
      });
    });
    const person = userEvent.setup();
    renderScreen(<HubApplications kind="partner" />);
    expect(await screen.findByText('Reason: Hub is full')).toBeVisible();
    expect(screen.getByText('Rejected')).toBeVisible();
    await person.selectOptions(await screen.findByLabelText(/^Hub/), hub.id);
    await person.selectOptions(screen.getByLabelText('You want to'), 'run');
    await person.click(screen.getByRole('button', { name: 'Send application' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(String(call[0])).toContain(urlOf(hubEndpoints.apply));
    expect(JSON.parse(String(call[1]?.body))).toMatchObject({ hubId: hub.id, kind: 'run' });
  });

  it('tells a store no admin approved yet why it sees no hub, without a retry', async () => {
    const message = 'An admin must approve your store before it can see or apply for hubs';
    mockFetch((url) =>
      url.includes(urlOf(hubEndpoints.approved))
        ? jsonResponse(403, { message, error: 'FORBIDDEN' })
        : jsonResponse(200, { message: 'Your hub applications', data: [] }),
    );
    renderScreen(<HubApplications kind="merchant" />);
    expect(
      await screen.findByText('Hubs open to you once an admin approves you', {}, { timeout: 10_000 }),
    ).toBeVisible();
    expect(screen.getByText(message)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Hub/)).not.toBeInTheDocument();
  }, 20_000);

  it('says so when no hub is open', async () => {
    mockFetch((url) =>
      jsonResponse(200, { message: 'ok', data: url.includes(urlOf(hubEndpoints.approved)) ? [] : [] }),
    );
    renderScreen(<HubApplications kind="merchant" />);
    expect(await screen.findByText('No hub is open yet')).toBeVisible();
    expect(await screen.findByText('You have not applied for a hub yet')).toBeVisible();
  });
});
