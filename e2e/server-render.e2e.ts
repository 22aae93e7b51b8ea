import type { ConsoleMessage } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiFetch } from './api-fetch';
import { chromiumPath, DEMO_PASSWORD, useJourney } from './harness';

// Issues 10 and 11 (ADR 029): public pages arrive rendered. Without JavaScript a shared storefront link still shows
// the store and its product; with it, the page hydrates without errors or mismatch warnings and Add to cart works.

describe.skipIf(!chromiumPath)('server-rendered public pages (360 px phone)', () => {
  const journey = useJourney();
  let storeUrl: string;
  let product: { id: string; name: string };

  beforeAll(async () => {
    // A simple product in stock of a demo store, and that store's address.
    const listing = (await (
      await apiFetch(`${journey.baseUrl}/api/products/customer/getallproducts?limit=100&inStock=true`)
    ).json()) as { data: { data: { id: string; name: string; storeUrl: string; variant: unknown[] }[] } };
    const simple = listing.data.data.find((item) => item.variant.length === 0);
    expect(simple).toBeDefined();
    product = simple!;
    storeUrl = simple!.storeUrl;
    expect(product).toBeDefined();
  });

  it('shows the storefront and its product with JavaScript turned off', async () => {
    const context = await journey.context({
      viewport: { width: 360, height: 740 },
      javaScriptEnabled: false,
      locale: 'en-NG',
    });
    const page = await context.newPage();
    const home = await page.goto(`${journey.baseUrl}/storefront/${storeUrl}`);
    expect(home?.status()).toBe(200);
    await page
      .getByRole('link', { name: new RegExp(product.name) })
      .first()
      .waitFor();

    const answer = await page.goto(`${journey.baseUrl}/storefront/${storeUrl}/products/${product.id}`);
    expect(answer?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await page
      .locator('main')
      .getByText(/₦[\d,]+\.\d\d/)
      .first()
      .waitFor();
    // The gallery's first image is the LCP image: eager, high priority, responsive.
    const image = page.locator('main img[fetchpriority="high"]');
    expect(await image.count()).toBe(1);
    expect(await image.getAttribute('loading')).not.toBe('lazy');
    expect(await image.getAttribute('srcset')).toMatch(/ 400w/);
    expect(await image.getAttribute('sizes')).toBeTruthy();

    // Searching from the header before any script runs (a slow phone that has not hydrated yet) lands on the
    // server-rendered results, not on `?q=` of the page it was typed on.
    const searchBox = page.getByLabel('Search products').first();
    await searchBox.fill(product.name);
    await searchBox.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === product.name);
    await page.getByRole('heading', { level: 1, name: `Results for “${product.name}”` }).waitFor();
    await page
      .locator('main')
      .getByRole('link', { name: new RegExp(product.name) })
      .first()
      .waitFor();

    const missing = await page.goto(`${journey.baseUrl}/products/00000000-0000-4000-8000-000000000000`);
    expect(missing?.status()).toBe(404);
    await page.getByText('This product is not available').waitFor();
    await context.close();
  });

  it('hydrates without errors or mismatch warnings, and Add to cart works', async () => {
    const context = await journey.phone();
    const page = await context.newPage();
    const problems: string[] = [];
    const watch = (message: ConsoleMessage) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    };
    page.on('console', watch);
    page.on('pageerror', (error) => problems.push(error.message));

    for (const url of ['/', `/storefront/${storeUrl}`, `/products/${product.id}`]) {
      await page.goto(`${journey.baseUrl}${url}`);
      await page.waitForLoadState('networkidle');
    }
    const url = `${journey.baseUrl}/storefront/${storeUrl}/products/${product.id}`;
    await page.goto(url);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    // Signed out: Add to cart (enabled once hydrated) goes to the sign-in page and back.
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.waitForURL('**/customer/login?next=*');
    await page.getByLabel('Email').fill('customer@demo.ng');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(url);

    // A fresh load of the page as a signed-in customer: rendered signed out, the session applies once hydrated.
    const token = await page.evaluate<string | null>("localStorage.getItem('customer.token')");
    await apiFetch(`${journey.baseUrl}/api/cart/remove-cart`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ all: true }),
    });
    await page.reload();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('button', { name: 'Cart, 1 item' }).waitFor();

    expect(problems.filter((text) => !/Failed to load resource.*404/.test(text))).toEqual([]);
    await context.close();
  });
});
