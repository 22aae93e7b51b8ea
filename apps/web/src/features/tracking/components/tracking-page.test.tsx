import { trackingEndpoints, urlOf } from '@market/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { TrackingPage } from './tracking-page';

afterEach(() => vi.unstubAllGlobals());

const token = 'A'.repeat(43);

describe('TrackingPage', () => {
  it('shows the status, the token and the timeline, signed out, naming only the first name and LGA', async () => {
    const fetchMock = mockFetch(() =>
      jsonResponse(200, {
        message: 'Order tracking',
        data: {
          orderName: 'NM-7K3F9Q2A',
          storeName: 'Mama Put Fashion',
          orderStatus: { id: 9, code_name: 'out_for_delivery', known_name: 'Out for delivery' },
          firstName: 'Ada',
          lga: 'Surulere',
          deliveryToken: '482913',
          timeline: [
            { activity: 'Payment received.', status: 'pending', createdAt: '2030-01-01T08:00:00.000Z' },
            {
              activity: 'Your order is out for delivery.',
              status: 'out_for_delivery',
              createdAt: '2030-01-02T09:00:00.000Z',
            },
          ],
          expiresAt: '2030-02-08T09:00:00.000Z',
        },
      }),
    );
    renderScreen(<TrackingPage token={token} />);
    expect(await screen.findByRole('heading', { name: 'Order NM-7K3F9Q2A' })).toBeVisible();
    expect(screen.getByText('For Ada in Surulere, from Mama Put Fashion')).toBeVisible();
    expect(screen.getByTestId('delivery-token')).toHaveTextContent('482913');
    const steps = screen.getAllByRole('listitem');
    expect(steps[0]).toHaveTextContent('out for delivery');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe(urlOf(trackingEndpoints.track, { params: { token } }));
    expect(new Headers(init?.headers).get('authorization')).toBeNull();
  });

  it('says a refused link is expired or not valid, and offers signing in instead', async () => {
    mockFetch(() =>
      jsonResponse(404, {
        message: 'This tracking link has expired. Sign in to see your order.',
        error: 'NOT_FOUND',
      }),
    );
    renderScreen(<TrackingPage token={token} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This tracking link has expired');
    expect(screen.getByRole('link', { name: 'Sign in to see your orders' })).toHaveAttribute(
      'href',
      '/customer/login',
    );
  });
});
