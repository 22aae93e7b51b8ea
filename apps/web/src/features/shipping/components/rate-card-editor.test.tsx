import { shippingPricingEndpoints, urlOf } from '@market/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordFetch } from '../../../test/fixtures-catalog';
import { jsonResponse, renderScreen } from '../../../test/render';
import { RateCardEditor } from './rate-card-editor';

afterEach(() => vi.unstubAllGlobals());

const west = { id: '11111111-1111-4111-8111-111111111111', name: 'South West' };
const east = { id: '22222222-2222-4222-8222-222222222222', name: 'South East' };
const zones = [west, east].map((zone) => ({
  ...zone,
  states: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
}));
const pricing = {
  isSetUp: true,
  lagos: {
    withinLagos: { baseFee: 2500, perKgFee: 300 },
    lagosMerchant: { baseFee: 4500, perKgFee: 500 },
    lagosCustomer: { baseFee: 5000, perKgFee: 500 },
  },
  zoneRates: [{ fromZone: west, toZone: west, baseFee: 3000, perKgFee: 350 }],
};

function serve(
  answer: () => Response = () => jsonResponse(200, { message: 'Rate card saved', data: pricing }),
) {
  const recorder = recordFetch(({ url, method }) =>
    url === urlOf(shippingPricingEndpoints.replace) && method === 'PUT'
      ? answer()
      : jsonResponse(404, { message: 'Not found' }),
  );
  vi.stubGlobal('fetch', recorder.fetchMock);
  return recorder;
}

describe('RateCardEditor', () => {
  it('shows the zone matrix and sends naira as numbers with only the filled pairs', async () => {
    const { calls } = serve();
    const person = userEvent.setup();
    renderScreen(<RateCardEditor pricing={pricing} zones={zones} />);
    const table = screen.getByRole('table', { name: /Zone-to-zone rates/ });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['From South West', 'From South East']);
    expect(screen.getByLabelText('Base fee (₦), South West to South West')).toHaveValue(3000);
    expect(screen.getByLabelText('Base fee (₦), South West to South East')).toHaveValue(null);

    await person.clear(screen.getByLabelText('Base fee (₦), Within Lagos'));
    await person.type(screen.getByLabelText('Base fee (₦), Within Lagos'), '2750.50');
    await person.type(screen.getByLabelText('Base fee (₦), South West to South East'), '4500');
    await person.type(screen.getByLabelText('Per kg (₦), South West to South East'), '500');
    await person.click(screen.getByRole('button', { name: 'Save rate card' }));

    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls[0]?.body).toEqual({
      lagos: {
        withinLagos: { baseFee: 2750.5, perKgFee: 300 },
        lagosMerchant: { baseFee: 4500, perKgFee: 500 },
        lagosCustomer: { baseFee: 5000, perKgFee: 500 },
      },
      zoneRates: [
        { fromZoneId: west.id, toZoneId: west.id, baseFee: 3000, perKgFee: 350 },
        { fromZoneId: west.id, toZoneId: east.id, baseFee: 4500, perKgFee: 500 },
      ],
    });
  });

  it('checks the rates with the contract before sending', async () => {
    const { calls } = serve();
    const person = userEvent.setup();
    renderScreen(<RateCardEditor pricing={pricing} zones={zones} />);
    await person.clear(screen.getByLabelText('Per kg (₦), Lagos customer'));
    await person.type(screen.getByLabelText('Base fee (₦), South East to South West'), '10.123');
    await person.type(screen.getByLabelText('Base fee (₦), South East to South East'), '100');
    await person.click(screen.getByRole('button', { name: 'Save rate card' }));
    expect(await screen.findByText('Use at most 2 decimal places')).toBeInTheDocument();
    expect(screen.getByLabelText('Per kg (₦), Lagos customer')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Per kg (₦), South East to South East')).toHaveAccessibleDescription(
      'Enter both fees, or leave both empty for no rate',
    );
    expect(calls).toHaveLength(0);
  });

  it('puts a 422 detail of a zone rate on its cell and says Check network connection offline', async () => {
    let offline = false;
    serve(() => {
      if (offline) throw new TypeError('Failed to fetch');
      return jsonResponse(422, {
        message: 'Validation failed',
        error: 'VALIDATION_ERROR',
        details: [{ path: 'zoneRates.0.perKgFee', message: 'Amount is too large' }],
      });
    });
    const person = userEvent.setup();
    renderScreen(<RateCardEditor pricing={pricing} zones={zones} />);
    await person.click(screen.getByRole('button', { name: 'Save rate card' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Per kg (₦), South West to South West')).toHaveAttribute(
        'aria-invalid',
        'true',
      ),
    );
    offline = true;
    await person.click(screen.getByRole('button', { name: 'Save rate card' }));
    expect(await screen.findByText('Check network connection')).toBeInTheDocument();
  });
});
