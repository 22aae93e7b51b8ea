// Issue 9's policies, bank details and subscription on a 360 px phone: the demo merchant edits a policy, changes the
// payout account (a wrong number refused, the right one's name shown before saving), sees the Growth plan, and a
// customer reads the policies on the storefront.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, launchBrowser, phoneContext, type RunningApp, startApp } from './harness';

const DEMO_PASSWORD = 'Demo1234!';

async function noSideScroll(page: Page) {
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
  expect(overflow).toBeLessThanOrEqual(0);
}

describe.skipIf(!chromiumPath)('store settings journey (360 px phone)', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('policies, bank account and subscription of the demo store', async () => {
    const page = await (await phoneContext(browser)).newPage();
    await page.goto(`${app.baseUrl}/merchant/login`);
    await page.getByLabel('Email').fill('merchant@demo.ng');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));

    // ---------- policies ----------
    await page.goto(`${app.baseUrl}/merchant/policies`);
    await page.getByText('4 policies of 5 kinds.').waitFor();
    await page.getByRole('button', { name: 'New policy' }).click();
    await page.getByLabel('Title', { exact: true }).fill('Terms of sale');
    await page
      .getByLabel('Policy', { exact: true })
      .fill('Prices are in naira and include VAT. Orders are confirmed once paid.');
    await page.getByRole('button', { name: 'Add policy' }).click();
    await page.getByText('5 policies of 5 kinds.').waitFor();
    await noSideScroll(page);

    // ---------- bank account ----------
    await page.goto(`${app.baseUrl}/merchant/bank-account`);
    await page.getByText('Payouts go to').waitFor();
    await page.getByLabel('Bank', { exact: true }).selectOption('057');
    await page.getByLabel('Account number').fill('0000000012');
    await page.getByRole('button', { name: 'Check account' }).click();
    await page.getByText('We could not find an account with this number at this bank').first().waitFor();
    // Zenith (057) and serial 000000001: the check digit makes 0000000011 a valid NUBAN.
    await page.getByLabel('Account number').fill('0000000011');
    await page.getByRole('button', { name: 'Check account' }).click();
    await page.getByText(/Account name:/).waitFor();
    await page.getByLabel('Your password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Save bank account' }).click();
    await page.getByText('Zenith Bank').first().waitFor();
    await noSideScroll(page);

    // ---------- subscription ----------
    await page.goto(`${app.baseUrl}/merchant/subscription`);
    await page.getByRole('heading', { name: 'You are on Growth' }).waitFor();
    await page.getByText('Paid', { exact: true }).first().waitFor();
    await noSideScroll(page);

    // ---------- the storefront shows the policies ----------
    const customer = await (await phoneContext(browser)).newPage();
    await customer.goto(`${app.baseUrl}/storefront/chinedu-gadgets`);
    await customer.getByRole('heading', { name: 'Chinedu Gadgets policies' }).waitFor({ timeout: 60_000 });
    await customer.getByText('Terms of sale').click();
    await customer.getByText('Prices are in naira and include VAT.').waitFor();
    await noSideScroll(customer);
  }, 240_000);
});
