import path from 'node:path';
import { describe, it } from 'vitest';
import { chromiumPath, expectNoSidewaysScroll, screenshotsDir, signIn, useJourney } from './harness';

// Issue 8's proof: on a 360 px phone the demo customer returns an item of a delivered demo order (NM-DEMO0006);
// the demo merchant approves it, marks it received and refunds it through the sandbox provider; the customer sees
// the return refunded on the order page, with the refund in its history.

describe.skipIf(!chromiumPath)('returns journey: customer on a phone, merchant', () => {
  const journey = useJourney();

  it('returns an item of a delivered order; the merchant refunds it; the customer sees it refunded', async () => {
    const customerContext = await journey.phone();
    const customer = await customerContext.newPage();
    await signIn(customer, journey.baseUrl, 'customer', 'customer@demo.ng');
    await customer.goto(`${journey.baseUrl}/account/orders`);
    await customer
      .getByRole('link', { name: /NM-DEMO0006/ })
      .first()
      .click();
    await customer.getByRole('heading', { name: 'Order NM-DEMO0006' }).waitFor();
    await customer.getByRole('link', { name: 'Return or replace items' }).click();
    await customer.getByRole('heading', { name: /Return or replace items of NM-DEMO0006/ }).waitFor();
    await customer.getByLabel('Return the items for a refund').check();
    await customer.locator('select').first().selectOption('1');
    await customer.getByLabel('What is wrong?').fill('The charger stopped working on the second day.');
    await expectNoSidewaysScroll(customer);
    await customer.screenshot({
      path: path.join(screenshotsDir, 'customer-return-form-360.png'),
      fullPage: true,
    });
    await customer.getByRole('button', { name: 'Ask for a return' }).click();
    await customer.getByText('Order return was successful').first().waitFor();
    await customer.getByRole('heading', { name: 'Order NM-DEMO0006' }).waitFor();
    const returnCard = customer.getByTestId('order-return');
    await returnCard.getByText('Requested').waitFor();

    // The merchant finds it among the store's returns and decides it.
    const merchantContext = await journey.context({
      viewport: { width: 1280, height: 900 },
      locale: 'en-NG',
    });
    const merchant = await merchantContext.newPage();
    await signIn(merchant, journey.baseUrl, 'merchant', 'merchant@demo.ng');
    await merchant.goto(`${journey.baseUrl}/merchant/returns`);
    await merchant.getByRole('link', { name: /NM-DEMO0006/ }).click();
    await merchant.getByRole('heading', { name: 'Return for NM-DEMO0006' }).waitFor();
    await merchant.getByText('The charger stopped working on the second day.').waitFor();
    await merchant.getByRole('button', { name: 'Approve' }).click();
    await merchant.getByText('Return is now Approved').first().waitFor();
    await merchant.getByRole('button', { name: 'Mark items received' }).click();
    await merchant.getByText('Return is now Item received').first().waitFor();
    await merchant.getByRole('button', { name: /^Refund ₦/ }).click();
    // Every money button confirms with the amount (ADR 049).
    const confirm = merchant.getByRole('dialog', { name: 'Refund these items?' });
    await confirm.getByTestId('money-dialog-amount').getByText(/^₦/).waitFor();
    await confirm.getByRole('button', { name: /^Refund ₦/ }).click();
    await merchant.getByText('Return is now Refunded').first().waitFor();
    await merchant.getByRole('list', { name: 'Refund history' }).getByText('Refunded').waitFor();
    await merchant.screenshot({
      path: path.join(screenshotsDir, 'merchant-return-refunded.png'),
      fullPage: true,
    });

    // The customer sees the return refunded, with the refund to their card in its history.
    await customer.reload();
    await returnCard.getByText('Refunded').first().waitFor();
    await returnCard.getByText('To your card or bank account', { exact: true }).waitFor();
    await expectNoSidewaysScroll(customer);
    await customer.screenshot({
      path: path.join(screenshotsDir, 'customer-return-refunded-360.png'),
      fullPage: true,
    });
  });
});
