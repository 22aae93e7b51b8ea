import type { CarrierStop, CarrierDay as Day } from '@market/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { CarrierDay } from './carrier-day';

afterEach(() => vi.unstubAllGlobals());

const contact = (name: string, digits: string | null) => ({
  name,
  phoneNumber: digits ? `+${digits}` : null,
  callUrl: digits ? `tel:+${digits}` : null,
  whatsappUrl: digits ? `https://wa.me/${digits}` : null,
});

function stop(overrides: Partial<CarrierStop>): CarrierStop {
  return {
    kind: 'order_delivery',
    orderId: 'o1',
    orderName: 'ORD-1001',
    pickupId: null,
    status: { code_name: 'picked_up', known_name: 'Picked up' },
    place: {
      state: 'Lagos',
      lga: 'Ikeja',
      address: '12 Allen Avenue',
      mapUrl:
        'https://www.google.com/maps/search/?api=1&query=12%20Allen%20Avenue%2C%20Ikeja%2C%20Lagos%2C%20Nigeria',
    },
    store: contact('Mama Put Foods', '2348055551234'),
    customer: contact('Ada Obi', '2348031234567'),
    ...overrides,
  };
}

describe('CarrierDay', () => {
  it('groups stops by area with call, WhatsApp and map links for each', async () => {
    const day: Day = {
      groups: [
        { state: 'Lagos', lga: 'Ikeja', stops: [stop({})] },
        {
          state: 'Oyo',
          lga: 'Ibadan North',
          stops: [
            stop({
              kind: 'return_drop_off',
              orderId: 'o2',
              orderName: 'ORD-1002',
              pickupId: 'p2',
              status: { code_name: 'collected', known_name: 'Collected from the customer' },
              place: {
                state: 'Oyo',
                lga: 'Ibadan North',
                address: '4 Bodija Road',
                mapUrl: 'https://maps/x',
              },
              customer: contact('Bola Ade', null),
            }),
          ],
        },
      ],
      stopCount: 2,
      truncated: false,
    };
    mockFetch(() => jsonResponse(200, { message: 'Your stops', data: day }));
    renderScreen(<CarrierDay viewer="partner" />);
    const ikeja = within(await screen.findByRole('region', { name: /Ikeja, Lagos/ }));
    expect(screen.getByText('2 stops in 2 areas.')).toBeInTheDocument();
    expect(ikeja.getByRole('link', { name: 'ORD-1001' })).toHaveAttribute(
      'href',
      '/shipping-partner/orders/o1',
    );
    expect(ikeja.getByRole('link', { name: 'Call Mama Put Foods' })).toHaveAttribute(
      'href',
      'tel:+2348055551234',
    );
    expect(ikeja.getByRole('link', { name: 'WhatsApp Ada Obi (opens WhatsApp)' })).toHaveAttribute(
      'href',
      'https://wa.me/2348031234567',
    );
    expect(ikeja.getByRole('link', { name: 'Map of 12 Allen Avenue (opens Google Maps)' })).toHaveAttribute(
      'href',
      stop({}).place.mapUrl,
    );
    const oyo = within(screen.getByRole('region', { name: /Ibadan North, Oyo/ }));
    expect(oyo.getByText(/Take a return to the store/)).toBeInTheDocument();
    expect(oyo.getByRole('link', { name: 'ORD-1002' })).toHaveAttribute('href', '/shipping-partner/pickups');
    // No number for the customer: no call or WhatsApp link for them.
    expect(oyo.queryByRole('link', { name: /Call Bola Ade/ })).not.toBeInTheDocument();
    expect(oyo.getByRole('link', { name: 'Call Mama Put Foods' })).toBeInTheDocument();
  });

  it('links a dispatcher to the admin order page', async () => {
    mockFetch(() =>
      jsonResponse(200, {
        message: 'Your stops',
        data: {
          groups: [{ state: 'Lagos', lga: 'Ikeja', stops: [stop({})] }],
          stopCount: 1,
          truncated: true,
        },
      }),
    );
    renderScreen(<CarrierDay viewer="admin" />);
    expect(await screen.findByRole('link', { name: 'ORD-1001' })).toHaveAttribute('href', '/admin/orders/o1');
    expect(screen.getByText(/More are assigned to you/)).toBeInTheDocument();
  });

  it('shows loading, an empty day, and an error with a retry', async () => {
    mockFetch(() =>
      jsonResponse(200, { message: 'Your stops', data: { groups: [], stopCount: 0, truncated: false } }),
    );
    const first = renderScreen(<CarrierDay viewer="partner" />);
    expect(screen.getByRole('status', { name: 'Loading your stops' })).toBeInTheDocument();
    expect(await screen.findByText('No stops right now')).toBeInTheDocument();
    first.unmount();
    vi.unstubAllGlobals();
    mockFetch(() => jsonResponse(403, { message: 'Not allowed', error: 'FORBIDDEN' }));
    renderScreen(<CarrierDay viewer="partner" />);
    expect(await screen.findByText('Could not load your stops')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
