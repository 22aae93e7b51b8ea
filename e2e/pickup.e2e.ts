import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';
import { chromiumPath, expectNoSidewaysScroll, screenshotsDir, signIn, useJourney } from './harness';

// Issue 23 item 3's proof (ADR 060): a returned item travels back to the merchant. The demo customer returns an
// item of NM-DEMO0006; the merchant approves; an admin assigns the pickup to the demo shipping partner; the partner,
// on a 360 px phone, collects it with the customer's pickup token and a photo and leaves it at the store with a
// photo; the merchant marks it received and refunds; the customer sees each step.

const goodsPhoto = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'parcel.png');

describe.skipIf(!chromiumPath)('pickup journey: a returned item travels back to the merchant', () => {
  const journey = useJourney();

  it('is collected with the customer token and a photo, dropped at the store, received and refunded', async () => {
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
    await customer.getByLabel('Return the items for a refund').check();
    await customer.locator('select').first().selectOption('1');
    await customer.getByLabel('What is wrong?').fill('The charger stopped working on the second day.');
    await customer.getByRole('button', { name: 'Ask for a return' }).click();
    await customer.getByText('Order return was successful').first().waitFor();
    const returnCard = customer.getByTestId('order-return');

    const desk = { viewport: { width: 1280, height: 900 }, locale: 'en-NG' };
    const merchant = await (await journey.context(desk)).newPage();
    await signIn(merchant, journey.baseUrl, 'merchant', 'merchant@demo.ng');
    await merchant.goto(`${journey.baseUrl}/merchant/returns`);
    await merchant.getByRole('link', { name: /NM-DEMO0006/ }).click();
    await merchant.getByRole('button', { name: 'Approve' }).click();
    await merchant.getByText('Return is now Approved').first().waitFor();
    await merchant.getByText('Collection of the items: Waiting for a carrier').waitFor();

    const admin = await (await journey.context(desk)).newPage();
    await signIn(admin, journey.baseUrl, 'admin', 'admin@demo.ng');
    await admin.goto(`${journey.baseUrl}/admin/orders/pickups`);
    const row = admin.getByRole('listitem').filter({ hasText: 'Return on NM-DEMO0006' });
    await row.getByLabel('Collect with').selectOption({ label: 'Swift Logistics Ltd (shipping partner)' });
    await row.getByRole('button', { name: 'Assign' }).click();
    await admin.getByText('Pickup assigned; the customer has a new pickup token').first().waitFor();

    await customer.reload();
    await returnCard.getByText('Collection of the items: Carrier assigned').waitFor();
    const token = (await returnCard.locator('strong.font-mono').textContent())?.trim() ?? '';
    await expectNoSidewaysScroll(customer);
    await customer.screenshot({
      path: path.join(screenshotsDir, 'customer-pickup-token-360.png'),
      fullPage: true,
    });

    const partner = await (await journey.phone()).newPage();
    await signIn(partner, journey.baseUrl, 'shipping-partner', 'partner@demo.ng');
    await partner.goto(`${journey.baseUrl}/shipping-partner/pickups`);
    const pickup = partner.getByRole('listitem').filter({ hasText: 'Return on NM-DEMO0006' });
    await pickup.getByLabel("Customer's pickup token").fill(token);
    await pickup.getByLabel('Photo of the items you collect').setInputFiles(goodsPhoto);
    await pickup.getByRole('button', { name: 'Collected' }).click();
    await partner.getByText('Collected. Take the goods to the store.').first().waitFor();
    await pickup.getByLabel('Photo of the items at the store').setInputFiles(goodsPhoto);
    await expectNoSidewaysScroll(partner);
    await partner.screenshot({ path: path.join(screenshotsDir, 'partner-pickup-360.png'), fullPage: true });
    await pickup.getByRole('button', { name: 'Delivered to the store' }).click();
    await partner.getByText('Delivered to the store').first().waitFor();

    await merchant.reload();
    await merchant.getByText('Collection of the items: Delivered to the store').waitFor();
    await merchant.getByRole('button', { name: 'Mark items received' }).click();
    await merchant.getByText('Return is now Item received').first().waitFor();
    await merchant.getByRole('button', { name: /^Refund ₦/ }).click();
    const confirm = merchant.getByRole('dialog', { name: 'Refund these items?' });
    await confirm.getByRole('button', { name: /^Refund ₦/ }).click();
    await merchant.getByText('Return is now Refunded').first().waitFor();

    await customer.reload();
    await returnCard.getByText('Collection of the items: Delivered to the store').waitFor();
    await returnCard.getByText('Refunded').first().waitFor();
  });
});
