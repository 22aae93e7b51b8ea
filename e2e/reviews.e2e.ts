import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiFetch } from './api-fetch';
import { chromiumPath, DEMO_PASSWORD, expectNoSidewaysScroll, screenshotsDir, useJourney } from './harness';

// Issue 9: the demo customer reviews the product of their delivered demo order (NM-DEMO0006) from the order page,
// and the computed rating shows on the product page; the reviews list loads below the fold.

describe.skipIf(!chromiumPath)('reviews journey (360 px phone)', () => {
  const journey = useJourney();

  it('reviews a delivered product from the order and shows the rating on the product page', async () => {
    const context = await journey.phone();
    const page = await context.newPage();

    await page.goto(`${journey.baseUrl}/customer/login?next=/account/orders`);
    await page.getByLabel('Email').fill('customer@demo.ng');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/account/orders');
    await page.getByRole('link', { name: /NM-DEMO0006/ }).click();
    await page.getByRole('heading', { name: 'Order NM-DEMO0006' }).waitFor();

    const write = page.getByRole('button', { name: /^Write a review/ });
    await write.waitFor();
    expect(await write.count()).toBe(1);
    const productHref = await page.locator('a[href^="/products/"]').first().getAttribute('href');
    expect(productHref).toBeTruthy();
    const productName = (await page.locator('a[href^="/products/"]').first().textContent())?.trim() ?? '';

    // Before: the product page has no rating from this customer yet.
    const before = (await (
      await apiFetch(
        `${journey.baseUrl}/api${productHref!.replace('/products/', '/products/customer/product/')}`,
      )
    ).json()) as { data: { ratingCount: number } };
    const countBefore = before.data.ratingCount;

    await write.click();
    const form = page.getByRole('form', { name: `Review ${productName}` });
    await form.getByRole('button', { name: 'Send review' }).click();
    await form.getByText('Choose a rating from 1 to 5').waitFor();
    await form.getByRole('radio', { name: /^4 stars/ }).check({ force: true });
    await form.getByLabel('Your review').fill('Arrived in two days and works well. Good value.');
    await page.screenshot({ path: path.join(screenshotsDir, 'review-form-360.png'), fullPage: true });
    await form.getByRole('button', { name: 'Send review' }).click();
    await page.getByText('You rated it').waitFor();
    expect(await page.getByRole('button', { name: /^Write a review/ }).count()).toBe(0);

    // The store can be reviewed from the same order.
    await page.getByRole('button', { name: 'Review the store' }).waitFor();

    await page.goto(`${journey.baseUrl}${productHref}`);
    await page.getByRole('heading', { level: 1, name: productName }).waitFor();
    const rating = page.getByTestId('product-rating');
    await expect.poll(async () => rating.textContent()).toContain(`(${countBefore + 1} review`);
    // The list is below the fold: it loads when scrolled to.
    await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
    await page.getByRole('heading', { name: 'Customer reviews' }).waitFor();
    await page.getByText('Arrived in two days and works well. Good value.').waitFor();
    await page.getByText('Funmilayo A.').first().waitFor();
    await page.screenshot({ path: path.join(screenshotsDir, 'product-reviews-360.png'), fullPage: true });

    await expectNoSidewaysScroll(page);

    // An order that is not delivered yet offers no review.
    await page.goto(`${journey.baseUrl}/account/orders`);
    await page.getByRole('link', { name: /NM-DEMO0001/ }).click();
    await page.getByRole('heading', { name: 'Order NM-DEMO0001' }).waitFor();
    await page.getByRole('heading', { name: 'Tracking' }).waitFor();
    expect(await page.getByRole('button', { name: /^Write a review/ }).count()).toBe(0);
    await context.close();
  }, 240_000);
});
