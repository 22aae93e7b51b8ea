import { checkoutEndpoints, urlOf } from '@market/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customerSignedInForEachTest, tracker } from '../../../test/fixtures-checkout';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { nextTrackerPoll } from '../api/get-tracker';
import { CheckoutComplete } from './checkout-complete';
import { paymentRedirect } from './go-to-payment';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast: toasts }));

const reference = 'CHK-01J0000000000000000000000A';

customerSignedInForEachTest();
afterEach(() => {
  toasts.error.mockReset();
});

describe('CheckoutComplete', () => {
  it('asks the server to verify the payment, then shows the orders with their delivery tokens', async () => {
    const onPaid = vi.fn();
    const fetchMock = mockFetch(() =>
      jsonResponse(200, { message: 'Transaction recorded', data: { transaction: null, tracker: tracker() } }),
    );
    renderScreen(<CheckoutComplete reference={reference} onPaid={onPaid} />);
    expect(
      await screen.findByRole('heading', { name: 'Thank you! Your order is placed' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('delivery-token')).toHaveTextContent('482913');
    expect(screen.getByText(/Only you can see it/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your order history' })).toHaveAttribute(
      'href',
      '/account/orders',
    );
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe(urlOf(checkoutEndpoints.recordTransaction));
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ reference });
    await waitFor(() => expect(onPaid).toHaveBeenCalled());
  });

  it('says the payment did not go through and leads back to the cart', async () => {
    const onPaid = vi.fn();
    mockFetch(() =>
      jsonResponse(200, {
        message: 'Transaction recorded',
        data: { transaction: null, tracker: tracker({ status: 'failed', paidAt: null }) },
      }),
    );
    renderScreen(<CheckoutComplete reference={reference} onPaid={onPaid} />);
    expect(
      await screen.findByRole('heading', { name: 'The payment did not go through' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your cart' })).toHaveAttribute('href', '/cart');
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('after a declined try keeps the checkout and offers Try again on the same payment page', async () => {
    const assign = vi.spyOn(paymentRedirect, 'assign').mockImplementation(() => {});
    const fetchMock = mockFetch((url) => {
      if (url.endsWith(urlOf(checkoutEndpoints.recordTransaction)))
        return jsonResponse(200, {
          message: 'Transaction recorded',
          data: {
            transaction: { status: 'failed' },
            tracker: tracker({ status: 'awaiting_payment', paidAt: null }),
          },
        });
      return jsonResponse(200, {
        message: 'Payment started',
        data: {
          trackerId: 'tracker-1',
          reference,
          authorizationUrl: 'http://localhost/api/payments/sandbox/checkout/x',
          amountDue: 100,
        },
      });
    });
    renderScreen(<CheckoutComplete reference={reference} />);
    expect(
      await screen.findByRole('heading', { name: 'The payment did not go through' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://localhost/api/payments/sandbox/checkout/x'),
    );
    const payCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith(urlOf(checkoutEndpoints.pay)));
    expect(payCall).toBeDefined();
    assign.mockRestore();
  });

  it('checks the checkout again while the payment is not confirmed', async () => {
    let checks = 0;
    const fetchMock = mockFetch((url) => {
      if (url.endsWith(urlOf(checkoutEndpoints.recordTransaction))) {
        return jsonResponse(200, {
          message: 'Transaction recorded',
          data: { transaction: null, tracker: tracker({ status: 'awaiting_payment', paidAt: null }) },
        });
      }
      checks += 1;
      return jsonResponse(200, {
        message: 'Checkout',
        data: tracker({ status: checks >= 2 ? 'paid' : 'awaiting_payment' }),
      });
    });
    renderScreen(<CheckoutComplete reference={reference} />);
    expect(await screen.findByRole('heading', { name: 'Confirming your payment…' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Thank you! Your order is placed' }, { timeout: 4_000 }),
    ).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.filter(([url]) =>
        String(url).endsWith(urlOf(checkoutEndpoints.tracker, { params: { reference } })),
      ),
    ).toHaveLength(2);
  });

  it('waits longer between checks and stops after a few', () => {
    const waiting = tracker({ status: 'awaiting_payment' });
    expect(nextTrackerPoll(waiting, 0)).toBe(1_000);
    expect(nextTrackerPoll(waiting, 1)).toBe(2_000);
    expect(nextTrackerPoll(waiting, 3)).toBe(8_000);
    expect(nextTrackerPoll(waiting, 5)).toBe(false);
    expect(nextTrackerPoll(tracker({ status: 'paid' }), 1)).toBe(false);
  });

  it('shows the failure to record the transaction', async () => {
    mockFetch(() =>
      jsonResponse(502, { message: 'The payment provider did not answer', error: 'SERVICE_UNAVAILABLE' }),
    );
    renderScreen(<CheckoutComplete reference={reference} />);
    expect(
      await screen.findByText('Failed to create transaction', {}, { timeout: 8_000 }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith('Failed to create transaction', {
        description: 'The payment provider did not answer',
      }),
    );
  });
});
