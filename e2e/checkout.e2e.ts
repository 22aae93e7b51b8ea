import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiFetch } from './api-fetch';
import { chromiumPath, DEMO_PASSWORD, expectNoSidewaysScroll, screenshotsDir, useJourney } from './harness';

interface ListedProduct {
  id: string;
  name: string;
  storeName: string;
  inStock: boolean;
  quantity: number;
  variant: unknown[];
}

async function json<T>(response: Response): Promise<T> {
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/** Sandbox payment page: card, any future expiry, any CVV. */
async function payWithCard(page: Page, card: string) {
  await page.getByLabel('Card number').waitFor();
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVV').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
}

describe.skipIf(!chromiumPath)('cart, checkout and payment journey (360 px phone)', () => {
  const journey = useJourney();

  it('fills a cart from two stores, applies a coupon; a declined card leaves the cart as it was, a wrong OTP is followed by a successful retry', async () => {
    // the merchant of "Chinedu Gadgets" creates the code coupon E2E10 through the API
    const login = await json<{ data: { accessToken: string } }>(
      await apiFetch(`${journey.baseUrl}/api/auth/merchant/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'merchant@demo.ng', password: DEMO_PASSWORD }),
      }),
    );
    await json(
      await apiFetch(`${journey.baseUrl}/api/discount`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${login.data.accessToken}` },
        body: JSON.stringify({
          discountMode: 'Code',
          code: 'E2E10',
          discountType: 'Percent',
          discountValue: 10,
          startDate: '2020-01-01',
          endDate: '2099-12-31',
          minRequireType: 'None',
        }),
      }),
    );

    // two simple products in stock: one of Chinedu Gadgets, one of another store
    const listing = await json<{ data: { data: ListedProduct[] } }>(
      await apiFetch(`${journey.baseUrl}/api/products/customer/getallproducts?limit=100&inStock=true`),
    );
    const simple = listing.data.data.filter((p) => p.variant.length === 0 && p.inStock && p.quantity >= 5);
    const gadget = simple.find((p) => p.storeName === 'Chinedu Gadgets');
    const other = simple.find((p) => p.storeName !== 'Chinedu Gadgets');
    expect(gadget, 'a simple product of Chinedu Gadgets').toBeTruthy();
    expect(other, 'a simple product of another store').toBeTruthy();

    const context = await journey.phone();
    const page = await context.newPage();

    // signed out, "Add to cart" goes to the sign-in page and back
    await page.goto(`${journey.baseUrl}/products/${gadget!.id}`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.waitForURL('**/customer/login?next=*');
    await page.getByLabel('Email').fill('customer@demo.ng');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`**/products/${gadget!.id}`);

    // start from an empty cart (the demo customer may have one)
    const token = await page.evaluate<string | null>("localStorage.getItem('customer.token')");
    await apiFetch(`${journey.baseUrl}/api/cart/remove-cart`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ all: true }),
    });
    await page.reload();
    // the demo customer already has orders (the demo delivery chain): count them to see what this journey adds
    const orderCount = async () => {
      const response = await apiFetch(`${journey.baseUrl}/api/orders/customer?limit=1`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await response.json()) as { data: { pagination: { totalItems: number } } };
      return body.data.pagination.totalItems;
    };
    const ordersBefore = await orderCount();

    await page.getByRole('button', { name: `Increase quantity of ${gadget!.name}` }).click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('button', { name: 'Cart, 2 items' }).waitFor();

    await page.goto(`${journey.baseUrl}/products/${other!.id}`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('button', { name: 'Cart, 3 items' }).waitFor();

    // the mini cart lists both lines with quick +/−
    await page.getByRole('button', { name: 'Cart, 3 items' }).click();
    const drawer = page.getByRole('dialog', { name: 'Your cart' });
    await drawer.getByRole('link', { name: other!.name }).waitFor();
    await drawer.getByRole('link', { name: 'View cart' }).click();

    await page.waitForURL('**/cart');
    await page.getByRole('region', { name: 'From Chinedu Gadgets' }).waitFor();
    await page.getByRole('region', { name: `From ${other!.storeName}` }).waitFor();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: path.join(screenshotsDir, 'customer-cart-360.png'), fullPage: true });
    await page.getByRole('link', { name: 'Go to checkout' }).click();

    // checkout: add an address in Lagos / Ikeja
    await page.waitForURL('**/checkout');
    await page.getByRole('heading', { name: 'Deliver to' }).waitFor();
    const form = page.getByRole('form', { name: 'Add an address' });
    const addButton = page.getByRole('button', { name: 'Add a new address' });
    await form.or(addButton).first().waitFor();
    if (!(await form.isVisible())) await addButton.click();
    await form.getByLabel('Full name').fill('Ada Okafor');
    await form.getByLabel('Phone number').fill('08031234567');
    await form.getByLabel('Email').fill('customer@demo.ng');
    await form.getByLabel('Street address').fill('12 Allen Avenue');
    await form.getByLabel('State').selectOption('Lagos');
    await form.getByLabel('LGA').selectOption('Ikeja');
    await form.getByRole('button', { name: 'Add address' }).click();
    await page.getByText('Shipping address added successfully').first().waitFor();
    await page.getByRole('radio', { name: /12 Allen Avenue/ }).check();
    await expect.poll(() => page.getByRole('radio', { name: /12 Allen Avenue/ }).isChecked()).toBe(true);
    await page.getByRole('region', { name: 'Delivery' }).getByText('Chinedu Gadgets').waitFor();

    // the coupon of Chinedu Gadgets
    await page.getByLabel('Coupon code').fill('e2e10');
    await page.getByRole('button', { name: 'Apply' }).first().click();
    await page.getByText('Coupon applied successfully!').first().waitFor();
    await page.getByRole('button', { name: 'Remove coupon E2E10' }).waitFor();

    // the amounts shown are the server's, to the kobo
    const placeOrder = page.getByRole('button', { name: /^Place order and pay/ });
    await expect.poll(() => placeOrder.isEnabled()).toBe(true);
    const cartState = async () =>
      (
        await json<{
          data: { amountDue: number; discount: number; cartItemsData: { id: string; quantity: number }[] };
        }>(
          await apiFetch(`${journey.baseUrl}/api/cart/get-cart`, {
            headers: { authorization: `Bearer ${token}` },
          }),
        )
      ).data;
    const before = await cartState();
    expect(before.discount).toBeGreaterThan(0);
    const due = new Intl.NumberFormat('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
      before.amountDue,
    );
    await page.getByTestId('cart-totals').getByText(`₦${due}`).waitFor();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: path.join(screenshotsDir, 'customer-checkout-360.png'), fullPage: true });

    // first a declined card: back on the cart with the same lines and amount due
    await placeOrder.click();
    await page.waitForURL('**/api/payments/sandbox/**');
    await payWithCard(page, '4000 0000 0000 0002');
    await page.waitForURL('**/checkout/complete?**');
    await page.getByRole('heading', { name: 'The payment did not go through' }).waitFor();
    await page.screenshot({
      path: path.join(screenshotsDir, 'customer-payment-failed-360.png'),
      fullPage: true,
    });
    await page.getByRole('link', { name: 'Back to your cart' }).click();
    await page.waitForURL('**/cart');
    await page.getByRole('region', { name: 'From Chinedu Gadgets' }).waitFor();
    const afterDecline = await cartState();
    expect(afterDecline.amountDue).toBe(before.amountDue);
    const lines = (cart: typeof before) => cart.cartItemsData.map(({ id, quantity }) => ({ id, quantity }));
    expect(lines(afterDecline)).toEqual(lines(before));

    // then a card that asks for an OTP, and a wrong OTP: the checkout stays open and offers "Try again"
    await page.getByRole('link', { name: 'Go to checkout' }).click();
    await page.waitForURL('**/checkout');
    await page.getByTestId('cart-totals').getByText(`₦${due}`).waitFor();
    await expect.poll(() => placeOrder.isEnabled()).toBe(true);
    await placeOrder.click();
    await page.waitForURL('**/api/payments/sandbox/**');
    await payWithCard(page, '5060 6666 6666 6666 666');
    await page.getByLabel('One-time password').fill('000000');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL('**/checkout/complete?**');
    await page.getByRole('heading', { name: 'The payment did not go through' }).waitFor();
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.waitForURL('**/api/payments/sandbox/**');
    await page.getByText('Your last attempt was declined').waitFor();
    await payWithCard(page, '4084 0840 8408 4081');
    await page.waitForURL('**/checkout/complete?**');
    await page.getByRole('heading', { name: 'Thank you! Your order is placed' }).waitFor();
    const tokens = page.getByTestId('delivery-token');
    await expect.poll(() => tokens.count()).toBe(2);
    for (const text of await tokens.allTextContents()) expect(text).toMatch(/^\d{4,8}$/);
    await expectNoSidewaysScroll(page);
    await page.screenshot({
      path: path.join(screenshotsDir, 'customer-payment-complete-360.png'),
      fullPage: true,
    });

    // the cart is empty now and the orders are in the history
    await page.getByRole('button', { name: 'Cart, 0 items' }).waitFor();
    await page.getByRole('link', { name: 'See your order history' }).click();
    await page.waitForURL('**/account/orders');
    // the declined and replaced checkouts are not orders: one paid order per store was added, newest first
    await page
      .getByRole('link', { name: /Chinedu Gadgets/ })
      .first()
      .waitFor();
    expect(await orderCount()).toBe(ordersBefore + 2);
    await page
      .getByRole('link', { name: /Chinedu Gadgets/ })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Delivery token' }).waitFor();
    await page.getByText('Only you can see this token').waitFor();
    await expectNoSidewaysScroll(page);
    await page.screenshot({
      path: path.join(screenshotsDir, 'customer-order-detail-360.png'),
      fullPage: true,
    });
    await context.close();
  });
});
