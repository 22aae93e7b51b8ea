import { payOnDeliveryEndpoints, urlOf } from '@market/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { PodAdminScreen } from './pod-admin-screen';

afterEach(() => vi.unstubAllGlobals());

const lagos = 'a0000000-0000-4000-8000-00000000000a';
const abuja = 'b0000000-0000-4000-8000-00000000000b';
const settings = {
  enabled: true,
  zoneIds: [lagos],
  maxOrder: 50_000,
  fee: 500,
  refusalLimit: 2,
  refusalPeriodDays: 90,
  carrierCashLimit: 200_000,
  updatedAt: null,
};

/** The admin's screen with the rules: the cash and remittances answer empty, the save answers `saved`. */
function serve(saved: () => Response) {
  return mockFetch((url, method) => {
    if (url.includes(urlOf(payOnDeliveryEndpoints.settings)))
      return method === 'PUT' ? saved() : jsonResponse(200, { message: 'Rules', data: settings });
    if (url.includes('/shipping'))
      return jsonResponse(200, {
        message: 'Zones',
        data: {
          zones: [
            { id: lagos, name: 'Lagos' },
            { id: abuja, name: 'Abuja' },
          ],
        },
      });
    return jsonResponse(500, { message: 'not in this test' });
  });
}

const saves = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');

describe('pay-on-delivery rules', () => {
  it('checks the rules with the contract before saving, then sends them as numbers with the zones ticked', async () => {
    const fetchMock = serve(() => jsonResponse(200, { message: 'Rules saved', data: settings }));
    const person = userEvent.setup();
    renderScreen(<PodAdminScreen canDecide={false} canEditRules />);
    const fee = await screen.findByLabelText('Fee per order (₦)');
    const limit = screen.getByLabelText('Refusals at the door before a customer loses it');
    await person.clear(fee);
    await person.clear(limit);
    await person.type(limit, '0');
    await person.click(screen.getByRole('button', { name: 'Save rules' }));
    expect(await screen.findByText('Enter an amount in naira')).toBeVisible();
    expect(screen.getByText('At least 1 refusal')).toBeVisible();
    expect(fee).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(fee).toHaveFocus());
    expect(saves(fetchMock)).toHaveLength(0);

    await person.type(fee, '750.5');
    await person.clear(limit);
    await person.type(limit, '3');
    await person.click(await screen.findByLabelText('Abuja'));
    await person.click(screen.getByRole('button', { name: 'Save rules' }));
    await waitFor(() => expect(saves(fetchMock)).toHaveLength(1));
    expect(JSON.parse(String(saves(fetchMock)[0]![1]?.body))).toEqual({
      enabled: true,
      zoneIds: [lagos, abuja],
      maxOrder: 50_000,
      fee: 750.5,
      refusalLimit: 3,
      refusalPeriodDays: 90,
      carrierCashLimit: 200_000,
    });
  });

  it('says a refusal of the server under the rule it is about', async () => {
    serve(() =>
      jsonResponse(422, {
        message: 'Invalid input',
        error: 'VALIDATION_ERROR',
        details: [{ path: 'carrierCashLimit', message: 'The cash limit must be at least the order limit' }],
      }),
    );
    const person = userEvent.setup();
    renderScreen(<PodAdminScreen canDecide={false} canEditRules />);
    await person.click(await screen.findByRole('button', { name: 'Save rules' }));
    const under = await screen.findAllByText('The cash limit must be at least the order limit');
    expect(under.length).toBeGreaterThan(0);
    expect(screen.getByLabelText('Cash a carrier may hold (₦)')).toHaveAttribute('aria-invalid', 'true');
  });
});
