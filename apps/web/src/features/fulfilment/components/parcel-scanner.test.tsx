import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { ParcelScanner } from './parcel-scanner';

beforeEach(() => {
  useSessionStore.setState({
    sessions: { partner: { token: 't', refreshToken: 'r', user: { id: 'p1' } as never } },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.setState({ sessions: {} });
});

const reference = 'p1.00000000-0000-4000-8000-000000000001.AAAAAAAAAAAAAAAAAAAAAA';

describe('the parcel scanner', () => {
  it('opens the order a scanned label names, with the scan attached', async () => {
    const fetchMock = mockFetch(() =>
      jsonResponse(200, {
        message: 'Parcel found',
        data: {
          orderId: 'o-1',
          orderName: 'NM-1',
          orderStatus: { id: 5, code_name: 'assigned', known_name: 'Assigned' },
          allowedNextStatuses: [],
        },
      }),
    );
    const { router } = renderScreen(<ParcelScanner initial={reference} />, {
      route: `/shipping-partner/scan/${reference}`,
    });
    await vi.waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        `/shipping-partner/orders/o-1?parcel=${encodeURIComponent(reference)}`,
      ),
    );
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ parcel: reference });
  });

  it("shows the server's refusal for another carrier's parcel", async () => {
    mockFetch(() =>
      jsonResponse(404, {
        message: 'This parcel is not one of yours: check that you hold the right parcel',
        error: 'NOT_FOUND',
      }),
    );
    renderScreen(<ParcelScanner initial={reference} />, { route: `/shipping-partner/scan/${reference}` });
    expect(await screen.findByRole('alert')).toHaveTextContent('This parcel is not one of yours');
  });
});
