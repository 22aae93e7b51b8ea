import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chromiumPath, expectNoSidewaysScroll, newestMail, screenshotsDir, useJourney } from './harness';

describe.skipIf(!chromiumPath)('customer account journey (360 px phone)', () => {
  const journey = useJourney();

  it('signs up, confirms the email, signs in, stays signed in after a reload and signs out', async () => {
    const context = await journey.phone();
    const page = await context.newPage();
    const email = `ada.${Date.now()}@example.ng`;
    const password = 'Lagos-2025!';

    await page.goto(`${journey.baseUrl}/customer/signup`);
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Okafor');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone number').fill('08031234567');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.screenshot({ path: path.join(screenshotsDir, 'customer-signup-360.png'), fullPage: true });
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Account created.').first().waitFor();

    const mail = await newestMail(journey.baseUrl, email);
    const link = mail.links.find((url) => url.includes('/customer/confirm-email/'));
    expect(link).toBeTruthy();
    await page.goto(link!);
    await page.getByText('Your email address is confirmed').waitFor();
    await page.getByRole('link', { name: 'Go to sign in' }).click();

    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Welcome back, Ada' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate<string | null>("localStorage.getItem('customer.token')")).toBeTruthy();
    expect(await page.evaluate<string | null>("localStorage.getItem('customer.refreshToken')")).toBeTruthy();

    await page.reload();
    await page.getByRole('heading', { name: 'Welcome back, Ada' }).waitFor();
    // one header row on a phone (at most 64 px); a rail's first card keeps the page margin, not the screen edge
    const headerHeight = await page
      .locator('header')
      .evaluate((header) => header.getBoundingClientRect().height);
    expect(headerHeight).toBeLessThanOrEqual(64);
    const firstCard = page.getByRole('list', { name: 'Super deals' }).getByRole('listitem').first();
    await firstCard.waitFor();
    expect((await firstCard.boundingBox())?.x).toBeGreaterThanOrEqual(16);
    await page.getByRole('button', { name: /Account menu/ }).click();
    // Stores is reachable from the phone header's menu
    await page.locator('header').getByRole('link', { name: 'Stores', exact: true }).waitFor();
    await page.screenshot({ path: path.join(screenshotsDir, 'customer-home-menu-360.png'), fullPage: true });

    // no horizontal scrolling on a 360 px phone
    await expectNoSidewaysScroll(page);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/customer/login');
    expect(await page.evaluate<string | null>("localStorage.getItem('customer.token')")).toBeNull();
    await page.goto(`${journey.baseUrl}/customer/change-password`);
    await page.waitForURL('**/customer/login?next=*');
    await context.close();
  });
});
