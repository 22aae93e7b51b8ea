import { couponCustomerEndpoints, urlOf } from '@market/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartState, checkoutIds, customerSignedInForEachTest } from '../../../test/fixtures-checkout';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { useCart } from '../api/get-cart';
import { CartSummary } from './cart-summary';
import { CouponEntry } from './coupon-entry';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast: toasts }));

customerSignedInForEachTest();
afterEach(() => {
  toasts.error.mockReset();
  toasts.success.mockReset();
});

function Screen() {
  const cart = useCart();
  if (!cart.data) return <p>loading</p>;
  return (
    <>
      <CouponEntry cart={cart.data} />
      <CartSummary cart={cart.data} />
    </>
  );
}

const noOffers = { percentageCoupons: [], fixedCoupons: [], buyXGetYCoupons: [] };

describe('CouponEntry', () => {
  it('applies a code, toasts, and shows the discount the server priced', async () => {
    let applied = false;
    const fetchMock = mockFetch((url) => {
      if (url.endsWith(urlOf(couponCustomerEndpoints.apply))) {
        applied = true;
        return jsonResponse(200, { message: 'Coupon applied successfully!', data: { codes: ['E2E10'] } });
      }
      if (url.endsWith(urlOf(couponCustomerEndpoints.forProducts)))
        return jsonResponse(200, { message: 'ok', data: noOffers });
      const cart = applied
        ? cartState({
            discount: 8_500,
            amountDue: 100_001.25,
            appliedDiscountCodes: [
              { code: 'E2E10', storeId: checkoutIds.storeB, amount: 8_500, description: '10% off' },
            ],
          })
        : cartState({ discount: 0, amountDue: 108_501.25 });
      return jsonResponse(200, { message: 'Cart', data: cart });
    });
    const person = userEvent.setup();
    renderScreen(<Screen />);
    await person.type(await screen.findByLabelText('Coupon code'), 'e2e10');
    await person.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Coupon applied successfully!'));
    const post = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/apply-coupon'));
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ code: 'E2E10' });
    expect(await screen.findByText('−₦8,500.00')).toBeInTheDocument();
    expect(screen.getByText('₦100,001.25')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Discounts applied' })).toHaveTextContent('E2E10');
  });

  it('removes an applied code and shows why a code does not apply', async () => {
    let removed = false;
    const fetchMock = mockFetch((url) => {
      if (url.endsWith(urlOf(couponCustomerEndpoints.remove))) {
        removed = true;
        return jsonResponse(200, { message: 'Coupon removed', data: { codes: [] } });
      }
      if (url.endsWith(urlOf(couponCustomerEndpoints.forProducts)))
        return jsonResponse(200, { message: 'ok', data: noOffers });
      return jsonResponse(200, {
        message: 'Cart',
        data: cartState({
          rejectedDiscountCodes: removed ? [] : [{ code: 'OLD5', reason: 'This coupon has expired' }],
        }),
      });
    });
    const person = userEvent.setup();
    renderScreen(<Screen />);
    expect(await screen.findByText(/This coupon has expired/)).toBeInTheDocument();
    await person.click(screen.getByRole('button', { name: /^Remove\s*coupon OLD5$/ }));
    await waitFor(() => expect(screen.queryByText(/This coupon has expired/)).not.toBeInTheDocument());
    const post = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/remove-coupon'));
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ code: 'OLD5' });
  });

  it('says which discount applies and why when a code replaces the automatic one', async () => {
    const message =
      'Your code SAVE10 gives ₦2,000.00 off, more than the automatic 5% discount (₦1,000.00), so it replaces it.';
    mockFetch((url) => {
      if (url.endsWith(urlOf(couponCustomerEndpoints.forProducts)))
        return jsonResponse(200, { message: 'ok', data: noOffers });
      return jsonResponse(200, {
        message: 'Cart',
        data: cartState({ discountNotes: [{ storeId: 'store-1', storeName: 'Chinedu Gadgets', message }] }),
      });
    });
    renderScreen(<Screen />);
    const notes = await screen.findByRole('status', { name: 'Which discount applies' });
    expect(notes).toHaveTextContent(`Chinedu Gadgets: ${message}`);
  });

  it('checks the code before asking the server', async () => {
    const fetchMock = mockFetch((url) =>
      url.endsWith(urlOf(couponCustomerEndpoints.forProducts))
        ? jsonResponse(200, { message: 'ok', data: noOffers })
        : jsonResponse(200, { message: 'Cart', data: cartState() }),
    );
    const person = userEvent.setup();
    renderScreen(<Screen />);
    await person.type(await screen.findByLabelText('Coupon code'), 'a!');
    await person.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A coupon code has at least 3 characters');
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/apply-coupon'))).toBe(false);
  });
});
