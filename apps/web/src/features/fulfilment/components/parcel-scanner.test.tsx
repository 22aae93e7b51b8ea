import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { signedInForEachTest } from '../../../test/session';
import { ParcelScanner } from './parcel-scanner';

signedInForEachTest('partner');

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

  it('finds a parcel by the code typed under its QR code, checked by the contract first', async () => {
    const fetchMock = mockFetch(() =>
      jsonResponse(200, {
        message: 'Parcel found',
        data: {
          orderId: 'o-2',
          orderName: 'NM-2',
          orderStatus: { id: 5, code_name: 'assigned', known_name: 'Assigned' },
          allowedNextStatuses: [],
        },
      }),
    );
    const { router } = renderScreen(<ParcelScanner />, { route: '/shipping-partner/scan' });
    const code = screen.getByLabelText('Code under the QR code');
    const find = screen.getByRole('button', { name: 'Find parcel' });
    expect(find).toBeDisabled();
    fireEvent.change(code, { target: { value: 'x'.repeat(301) } });
    await userEvent.click(find);
    expect(await screen.findByText('This is not a parcel label')).toBeVisible();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(code, { target: { value: `  ${reference} ` } });
    await userEvent.click(find);
    await vi.waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        `/shipping-partner/orders/o-2?parcel=${encodeURIComponent(reference)}`,
      ),
    );
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ parcel: reference });
  });
});
