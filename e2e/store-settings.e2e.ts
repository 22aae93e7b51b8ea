import { describe, it } from 'vitest';
import { chromiumPath, DEMO_PASSWORD, expectNoSidewaysScroll, signIn, useJourney } from './harness';

describe.skipIf(!chromiumPath)('store settings journey (360 px phone)', () => {
  const journey = useJourney();

  it('policies, bank account and subscription of the demo store', async () => {
    const page = await (await journey.phone()).newPage();
    await signIn(page, journey.baseUrl, 'merchant', 'merchant@demo.ng');

    // ---------- policies ----------
    await page.goto(`${journey.baseUrl}/merchant/policies`);
    await page.getByText('4 of 5 policies written.').waitFor();
    await page.getByRole('button', { name: 'New policy' }).click();
    await page.getByLabel('Title', { exact: true }).fill('Terms of sale');
    await page
      .getByLabel('Policy', { exact: true })
      .fill('Prices are in naira and include VAT. Orders are confirmed once paid.');
    await page.getByRole('button', { name: 'Add policy' }).click();
    await page.getByText('5 of 5 policies written.').waitFor();
    await expectNoSidewaysScroll(page);

    // ---------- bank account ----------
    await page.goto(`${journey.baseUrl}/merchant/bank-account`);
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
    await expectNoSidewaysScroll(page);

    // ---------- subscription ----------
    await page.goto(`${journey.baseUrl}/merchant/subscription`);
    await page.getByRole('heading', { name: 'You are on Growth' }).waitFor();
    await page.getByText('Paid', { exact: true }).first().waitFor();
    await expectNoSidewaysScroll(page);

    // ---------- the storefront shows the policies ----------
    const customer = await (await journey.phone()).newPage();
    await customer.goto(`${journey.baseUrl}/storefront/chinedu-gadgets`);
    await customer.getByRole('heading', { name: 'Chinedu Gadgets policies' }).waitFor({ timeout: 60_000 });
    await customer.getByText('Terms of sale').click();
    await customer.getByText('Prices are in naira and include VAT.').waitFor();
    await expectNoSidewaysScroll(customer);
  }, 240_000);
});
