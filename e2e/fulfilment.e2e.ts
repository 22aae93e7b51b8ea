import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { apiFetch } from './api-fetch';
import {
  chromiumPath,
  DEMO_PASSWORD,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  screenshotsDir,
  signIn,
  useJourney,
} from './harness';

// Issue 7's proof: a customer pays; the merchant accepts and marks the order ready; an admin assigns it to the demo
// partner; the partner, on a 360 px phone, picks it up (with a photo of the parcel), sets a dispatcher phone and
// delivers it with the token the customer reads on their order page; the customer's timeline shows each step.
// Issue 33's proof goes on with the same order: one unit of two is returned and refunded in part by the store, the
// return window closes (the server restarted on data moved eight days on), an admin approves the store's payout, and
// a super admin on a 360 px phone reads the order's whole life in its audit trail.

/** A small real PNG: the photo the partner takes of the parcel at pickup. */
const parcelPhoto = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'parcel.png');

async function json<T>(response: Response): Promise<T> {
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${response.status}: ${JSON.stringify(body)}`);
  return body;
}

describe.skipIf(!chromiumPath)('fulfilment journey: merchant, admin, partner on a phone, customer', () => {
  const journey = useJourney();

  it('carries one paid order from the store to the customer’s door', async () => {
    const login = async (kind: 'customer', email: string) =>
      (
        await json<{ data: { accessToken: string } }>(
          await apiFetch(`${journey.baseUrl}/api/auth/${kind}/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email, password: DEMO_PASSWORD }),
          }),
        )
      ).data.accessToken;
    const api = (url: string, token: string, init: { method?: string; body?: unknown } = {}) =>
      apiFetch(`${journey.baseUrl}/api${url}`, {
        method: init.method ?? 'GET',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        ...(init.body ? { body: JSON.stringify(init.body) } : {}),
      });

    // The customer fills a cart with one product of Chinedu Gadgets and checks out (through the API).
    const customerToken = await login('customer', 'customer@demo.ng');
    const listing = await json<{
      data: { data: { id: string; storeName: string; variant: unknown[]; quantity: number }[] };
    }>(await apiFetch(`${journey.baseUrl}/api/products/customer/getallproducts?limit=100&inStock=true`));
    const product = listing.data.data.find(
      (p) => p.storeName === 'Chinedu Gadgets' && p.variant.length === 0 && p.quantity >= 3,
    );
    expect(product, 'a simple product of Chinedu Gadgets').toBeTruthy();
    await api('/cart/remove-cart', customerToken, { method: 'DELETE', body: { all: true } });
    await json(
      // Two units: one comes back later and is refunded, the other's money is paid out to the store.
      await api('/cart/add-cart', customerToken, {
        method: 'POST',
        body: { productId: product!.id, quantity: 2 },
      }),
    );
    const address = await json<{ data: { id: string } }>(
      await api('/customershippingaddress/add', customerToken, {
        method: 'POST',
        body: {
          fullName: 'Funmi Adeyemi',
          phoneNumber: '08031234567',
          emailAddress: 'customer@demo.ng',
          stateOrRegion: 'Lagos',
          lga: 'Ikeja',
          address: '14 Allen Avenue',
        },
      }),
    );
    const created = await json<{
      data: {
        tracker: { orders: { id: string; orderName: string }[] };
        payment: { authorizationUrl: string };
      };
    }>(
      await api('/ordertracking/create-order', customerToken, {
        method: 'POST',
        body: { addressId: address.data.id },
      }),
    );
    const { id: orderId, orderName } = created.data.tracker.orders[0]!;

    // The customer pays on the sandbox page, on their phone, signed in.
    const customerContext = await journey.phone();
    const customer = await customerContext.newPage();
    await signIn(customer, journey.baseUrl, 'customer', 'customer@demo.ng');
    await customer.goto(created.data.payment.authorizationUrl);
    await customer.getByLabel('Card number').fill('4084 0840 8408 4081');
    await customer.getByLabel('Expiry (MM/YY)').fill('12/30');
    await customer.getByLabel('CVV').fill('123');
    await customer.getByRole('button', { name: /^Pay / }).click();
    await customer.waitForURL('**/checkout/complete?**');
    await customer.getByRole('heading', { name: 'Thank you! Your order is placed' }).waitFor();

    // The merchant accepts it and marks it ready, with the actions the server allows.
    const merchantContext = await journey.context({
      viewport: { width: 1280, height: 900 },
      locale: 'en-NG',
    });
    const merchant = await merchantContext.newPage();
    await signIn(merchant, journey.baseUrl, 'merchant', 'merchant@demo.ng');
    await merchant.goto(`${journey.baseUrl}/merchant/orders`);
    await merchant.getByRole('link', { name: new RegExp(orderName) }).click();
    await merchant.getByRole('heading', { name: `Order ${orderName}` }).waitFor();
    await merchant.getByRole('button', { name: 'Accept order' }).click();
    await merchant.getByRole('button', { name: 'Mark ready for pickup' }).click();
    await merchant
      .getByText('Nothing for you to do on this order now.')
      .or(merchant.getByRole('button', { name: 'Cancel order' }))
      .first()
      .waitFor();
    // The store reads its history in staff words (issue 34 item 21); the customer's timeline below keeps "Your order".
    await merchant.getByText('The order is packed and ready for pickup.').waitFor();
    await merchant.screenshot({
      path: path.join(screenshotsDir, 'merchant-order-detail.png'),
      fullPage: true,
    });

    // An admin assigns it to the demo partner from the queue.
    const adminContext = await journey.context({
      viewport: { width: 1280, height: 900 },
      locale: 'en-NG',
    });
    const admin = await adminContext.newPage();
    await signIn(admin, journey.baseUrl, 'admin', 'admin@demo.ng');
    await admin.goto(`${journey.baseUrl}/admin/orders`);
    const row = admin.getByRole('listitem').filter({ hasText: orderName });
    await row.getByLabel('Assign to').selectOption({ label: 'Swift Logistics Ltd (shipping partner)' });
    await row.getByRole('button', { name: 'Assign' }).click();
    await admin.getByText('Order assigned').first().waitFor();
    await admin.goto(`${journey.baseUrl}/admin/orders/${orderId}`);
    await admin.getByText('Swift Logistics Ltd (shipping partner)').waitFor();
    await admin.screenshot({ path: path.join(screenshotsDir, 'admin-order-history.png'), fullPage: true });

    // The partner, on a 360 px phone: accept, pick up, dispatcher phone, on the way, deliver with the token.
    const partnerContext = await journey.phone();
    const partner = await partnerContext.newPage();
    await signIn(partner, journey.baseUrl, 'shipping-partner', 'partner@demo.ng');
    await partner.getByText('Delivered today').waitFor();
    await partner.goto(`${journey.baseUrl}/shipping-partner/orders`);
    await partner.getByRole('link', { name: new RegExp(orderName) }).click();
    await partner.getByRole('heading', { name: `Order ${orderName}` }).waitFor();
    await expectNoSidewaysScroll(partner);
    await partner.getByRole('button', { name: 'Accept order' }).click();
    await partner.getByText('Swift Logistics Ltd accepted the order for delivery.').waitFor();
    // Picking up asks for a photo of the parcel (the camera on a phone; a small PNG here).
    await partner.getByRole('button', { name: 'Mark picked up' }).click();
    const photoForm = partner.getByRole('form', { name: 'Photo for Picked up' });
    await photoForm.getByLabel('Photo of the parcel').setInputFiles(parcelPhoto);
    await photoForm.getByRole('button', { name: 'Mark picked up' }).click();
    await partner.getByRole('button', { name: 'Mark in transit' }).waitFor();
    await partner.getByRole('img', { name: 'Parcel at Picked up (opens full size)' }).waitFor();
    await partner.getByLabel("Dispatcher's name").fill('Sani Abubakar');
    await partner.getByLabel("Dispatcher's phone number").fill('0809 123 4567');
    await partner.getByRole('button', { name: 'Save dispatcher' }).click();
    await partner.getByText('Sani Abubakar (+2348091234567) will bring the order.').waitFor();
    await partner.getByRole('button', { name: 'Mark in transit' }).click();
    await partner.getByRole('button', { name: 'Mark out for delivery' }).click();
    await partner.getByLabel("Customer's delivery token").waitFor();
    await expectNoSidewaysScroll(partner);
    await partner.screenshot({ path: path.join(screenshotsDir, 'partner-order-360.png'), fullPage: true });

    // The customer reads the token on their order page and gives it at the door.
    await customer.goto(`${journey.baseUrl}/account/orders/${orderId}`);
    const token = (await customer.getByTestId('delivery-token').textContent())?.trim() ?? '';
    expect(token).toMatch(/^\d{6}$/);
    await customer.getByText('Sani Abubakar').first().waitFor();

    await partner.getByLabel("Customer's delivery token").fill(token);
    await partner.getByRole('button', { name: 'Mark delivered' }).click();
    await partner.getByText('Nothing for you to do on this order now.').waitFor();
    await partner.getByRole('listitem').filter({ hasText: 'Delivered' }).first().waitFor();

    // The customer's timeline shows each step.
    await customer.reload();
    const timeline = customer
      .getByRole('region', { name: 'Tracking' })
      .or(customer.locator('section', { hasText: 'Tracking' }))
      .first();
    for (const step of [
      'Payment received. The store has been told about your order.',
      'The store accepted your order and is preparing it.',
      'Your order is packed and ready for pickup.',
      'Assigned to Swift Logistics Ltd for delivery.',
      'Your order was picked up from the store.',
      'Your order is on its way.',
      'Your order is out for delivery. Have your delivery token ready.',
      'Your order was delivered. Thank you for shopping with us.',
    ])
      await timeline.getByText(step).waitFor();
    await expectNoSidewaysScroll(customer);
    await customer.screenshot({
      path: path.join(screenshotsDir, 'customer-tracking-360.png'),
      fullPage: true,
    });

    // Issue 33: one unit of the two comes back and is refunded in part. The customer asks on their phone; the store
    // approves, receives it and refunds it through its screens.
    await customer.goto(`${journey.baseUrl}/account/orders/${orderId}`);
    await customer.getByRole('link', { name: 'Return or replace items' }).click();
    await customer.getByRole('heading', { name: `Return or replace items of ${orderName}` }).waitFor();
    await customer.getByLabel('Return the items for a refund').check();
    await customer.locator('select').first().selectOption('1');
    const returnReason = 'One of the two stopped charging on the second day.';
    await customer.getByLabel('What is wrong?').fill(returnReason);
    await customer.getByRole('button', { name: 'Ask for a return' }).click();
    await customer.getByText('Order return was successful').first().waitFor();
    await merchant.goto(`${journey.baseUrl}/merchant/returns`);
    await merchant.getByRole('link', { name: new RegExp(orderName) }).click();
    await merchant.getByRole('heading', { name: `Return for ${orderName}` }).waitFor();
    await merchant.getByRole('button', { name: 'Approve' }).click();
    await merchant.getByText('Return is now Approved').first().waitFor();
    await merchant.getByRole('button', { name: 'Mark items received' }).click();
    await merchant.getByText('Return is now Item received').first().waitFor();
    const refundButton = merchant.getByRole('button', { name: /^Refund ₦/ });
    const refunded = (await refundButton.textContent())?.match(/₦[\d,]+\.\d\d/)?.[0] ?? '';
    expect(refunded, 'the refund the store is offered').not.toBe('');
    await refundButton.click();
    const confirm = merchant.getByRole('dialog', { name: 'Refund these items?' });
    await confirm.getByRole('button', { name: /^Refund ₦/ }).click();
    await merchant.getByText('Return is now Refunded').first().waitFor();

    // The return window closes while the server is down (the delivery moved eight days back); started again, it
    // completes the order, and what is due to the store for the unit it kept is payable.
    await journey.restart(async (dataDir) => {
      const database = new PGlite({ dataDir: path.join(dataDir, 'db') });
      await database.query(
        "update orders set delivered_at = delivered_at - interval '8 days' where id = $1",
        [orderId],
      );
      await database.close();
    });
    const customerAgain = await login('customer', 'customer@demo.ng');
    await expect
      .poll(
        async () =>
          (
            await json<{ data: { orderStatus: { code_name: string } } }>(
              await api(`/orders/customer/${orderId}`, customerAgain),
            )
          ).data.orderStatus.code_name,
        { timeout: 60_000, interval: 1000 },
      )
      .toBe('completed');

    // An admin on a phone approves the store's payout, which carries this order's money.
    const payer = await (await journey.phone()).newPage();
    await signIn(payer, journey.baseUrl, 'admin', 'admin@demo.ng');
    await payer.goto(`${journey.baseUrl}/admin/payouts`);
    const payable = payer.getByTestId('payable-merchant').filter({ hasText: 'Chinedu' });
    await payable.getByRole('button', { name: 'Approve payout' }).click();
    await payer
      .getByRole('alertdialog', { name: 'Approve this payout?' })
      .getByRole('button', { name: 'Approve and pay' })
      .click();
    await payer.getByText('Payout approved and paid').first().waitFor();

    // A super admin on a phone reads the order's audit trail (issue 33): its whole life, paid to paid out, each line
    // with who, when and before → after.
    const auditor = await (await journey.phone()).newPage();
    await signIn(auditor, journey.baseUrl, 'admin', 'superadmin@demo.ng');
    await auditor.goto(`${journey.baseUrl}/admin/orders/${orderId}`);
    await auditor.getByRole('link', { name: 'Audit trail of this order' }).click();
    await auditor.getByRole('heading', { name: 'Audit trail', level: 1 }).waitFor();
    const lines = auditor.getByRole('region', { name: 'Audit trail lines' }).getByRole('listitem');
    const moves = lines.filter({ hasText: 'Order status changed' });
    for (const move of [
      /Awaiting payment\W+changed to\W+Pending/i,
      /Pending\W+changed to\W+Accepted/i,
      /changed to\W+Picked up/i,
      /Out for delivery\W+changed to\W+Delivered/i,
      /Delivered\W+changed to\W+Completed/i,
    ])
      await moves.filter({ hasText: move }).first().waitFor();
    // Paid, accepted, ready, picked up, in transit, out for delivery, delivered, completed.
    expect(await moves.count()).toBeGreaterThanOrEqual(8);
    const refund = lines.filter({ hasText: 'Order refunded' });
    await expect.poll(() => refund.count()).toBe(1);
    const refundText = (await refund.innerText()).replace(/\s+/g, ' ');
    expect(refundText).toContain('merchant@demo.ng');
    expect(refundText).toMatch(/refund nothing → (changed to )?in part/);
    expect(refundText).toMatch(
      new RegExp(`refunded ₦0\\.00 → (changed to )?${refunded.replace(/\./g, '\\.')}`),
    );
    expect(refundText).toContain(`amount ${refunded}`);
    expect(refundText).toContain(returnReason);
    const payout = lines.filter({ hasText: "Order's money approved for payout" });
    await expect.poll(() => payout.count()).toBe(1);
    const payoutText = (await payout.innerText()).replace(/\s+/g, ' ');
    expect(payoutText).toContain('admin@demo.ng');
    expect(payoutText).toMatch(/storeMoney payable → (changed to )?approved for payout/);
    expect(payoutText).toMatch(/payoutReference \S+/);
    // Every line says when.
    for (const line of await lines.all()) await line.locator('time').waitFor();
    await expectNoSidewaysScroll(auditor);
    await expectNoSeriousAxeViolations(auditor, 'an order audit trail at 360 px');
    await auditor.screenshot({
      path: path.join(screenshotsDir, 'admin-order-audit-360.png'),
      fullPage: true,
    });
  }, 420_000); // the longest journey: delivery, a return, a restart, a payout and the audit trail
});
