import { cartEndpoints, urlOf } from '@market/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartState, checkoutIds, customerSignedInForEachTest } from '../../../test/fixtures-checkout';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { CartView } from './cart-view';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast: toasts }));

customerSignedInForEachTest();
afterEach(() => {
  toasts.error.mockReset();
  toasts.success.mockReset();
});

function deferred() {
  let resolve: (response: Response) => void = () => {};
  const promise = new Promise<Response>((done) => (resolve = done));
  return { promise, resolve };
}

describe('CartView', () => {
  it('shows the totals exactly as the server priced them', async () => {
    mockFetch(() => jsonResponse(200, { message: 'Cart', data: cartState() }));
    renderScreen(<CartView />);
    const totals = await screen.findByTestId('cart-totals');
    expect(within(totals).getByText('₦105,001.00')).toBeInTheDocument();
    expect(within(totals).getByText('−₦2,000.10')).toBeInTheDocument();
    expect(within(totals).getByText('₦3,500.25')).toBeInTheDocument();
    // the server's amount due, not a sum made in the browser
    expect(within(totals).getByText('₦106,501.15')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'From Chinedu Gadgets' })).toBeInTheDocument();
  });

  it('changes a quantity at once, then takes the server answer', async () => {
    const answer = deferred();
    const priced = cartState({ amountDue: 116_501.65 });
    priced.cartItemsData[0] = { ...priced.cartItemsData[0]!, quantity: 3, lineTotal: 30_001.5 };
    let current = cartState();
    const fetchMock = mockFetch((_url, method) => {
      if (method === 'POST') {
        current = priced;
        return answer.promise;
      }
      return jsonResponse(200, { message: 'Cart', data: current });
    });
    const person = userEvent.setup();
    renderScreen(<CartView />);
    await person.click(await screen.findByRole('button', { name: 'Increase quantity of Ankara dress' }));
    // optimistic: 3 before the server answers, totals marked as updating
    expect(screen.getByRole('spinbutton', { name: 'Quantity of Ankara dress' })).toHaveValue(3);
    expect(screen.getByText('Updating totals…')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(post?.[0])).toBe(urlOf(cartEndpoints.add));
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      productId: checkoutIds.productA,
      variantId: null,
      quantity: 3,
      action: 'set',
    });
    answer.resolve(jsonResponse(200, { message: 'Cart updated', data: priced }));
    expect(await screen.findByText('₦116,501.65')).toBeInTheDocument();
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it('puts the quantity back and toasts when the server refuses', async () => {
    const answer = deferred();
    mockFetch((_url, method) => {
      if (method === 'POST') return answer.promise;
      return jsonResponse(200, { message: 'Cart', data: cartState() });
    });
    const person = userEvent.setup();
    renderScreen(<CartView />);
    await person.click(await screen.findByRole('button', { name: 'Increase quantity of Ankara dress' }));
    expect(screen.getByRole('spinbutton', { name: 'Quantity of Ankara dress' })).toHaveValue(3);
    answer.resolve(jsonResponse(409, { message: 'Only 2 of Ankara dress left in stock', error: 'CONFLICT' }));
    await waitFor(() =>
      expect(screen.getByRole('spinbutton', { name: 'Quantity of Ankara dress' })).toHaveValue(2),
    );
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith('Failed to update cart item', {
        description: 'Only 2 of Ankara dress left in stock',
      }),
    );
  });

  it('removes a line at once and brings it back when the server refuses', async () => {
    const answer = deferred();
    const fetchMock = mockFetch((_url, method) => {
      if (method === 'DELETE') return answer.promise;
      return jsonResponse(200, { message: 'Cart', data: cartState() });
    });
    const person = userEvent.setup();
    renderScreen(<CartView />);
    await screen.findByRole('link', { name: 'Tecno phone' });
    await person.click(await screen.findByRole('button', { name: /^Remove\s*Tecno phone$/ }));
    expect(screen.queryByRole('link', { name: 'Tecno phone' })).not.toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ cartItemId: checkoutIds.lineB });
    answer.resolve(jsonResponse(500, { message: 'Database unavailable', error: 'INTERNAL_ERROR' }));
    expect(await screen.findByRole('link', { name: 'Tecno phone' })).toBeInTheDocument();
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith('Failed to remove item from cart', {
        description: 'Database unavailable',
      }),
    );
  });

  it('shows lines with problems and blocks the checkout', async () => {
    const cart = cartState({ canCheckout: false, checkoutProblems: ['Some items need your attention'] });
    cart.cartItemsData[1] = { ...cart.cartItemsData[1]!, availableQuantity: 0, problem: 'Sold out' };
    mockFetch(() => jsonResponse(200, { message: 'Cart', data: cart }));
    renderScreen(<CartView />);
    expect(await screen.findByText(/Sold out/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Go to checkout' })).not.toBeInTheDocument();
    expect(screen.getByText('Go to checkout')).toHaveAttribute('aria-disabled', 'true');
  });

  it('says when the cart is above what one order may come to, and blocks the checkout', async () => {
    const message =
      'One order can come to at most ₦50,000,000.00 and this cart comes to ₦57,189,000.00. Remove some items, or buy them in more than one order.';
    const cart = cartState({ canCheckout: false, checkoutProblems: [message], aboveOrderLimit: message });
    mockFetch(() => jsonResponse(200, { message: 'Cart', data: cart }));
    renderScreen(<CartView />);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('link', { name: 'Go to checkout' })).not.toBeInTheDocument();
    expect(screen.getByText('Go to checkout')).toHaveAttribute('aria-disabled', 'true');
  });
});
