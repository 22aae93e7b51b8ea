import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
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
// partner; the partner, on a 360 px phone, picks it up (with a photo of the parcel), sets a dispatcher phone and delivers it with the token the
// customer reads on their order page; the customer's timeline shows each step.

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
    const api = (url: string, token: string, init: { method?: string; body?: unknown } = {}) =>
      fetch(`${journey.baseUrl}/api${url}`, {
        method: init.method ?? 'GET',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        ...(init.body ? { body: JSON.stringify(init.body) } : {}),
      });

    // The customer fills a cart with one product of Chinedu Gadgets and checks out (through the API).
    const customerToken = (
      await json<{ data: { accessToken: string } }>(
        await fetch(`${journey.baseUrl}/api/auth/customer/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'customer@demo.ng', password: DEMO_PASSWORD }),
        }),
      )
    ).data.accessToken;
    const listing = await json<{
      data: { data: { id: string; storeName: string; variant: unknown[]; quantity: number }[] };
    }>(await fetch(`${journey.baseUrl}/api/products/customer/getallproducts?limit=100&inStock=true`));
    const product = listing.data.data.find(
      (p) => p.storeName === 'Chinedu Gadgets' && p.variant.length === 0 && p.quantity >= 2,
    );
    expect(product, 'a simple product of Chinedu Gadgets').toBeTruthy();
    await api('/cart/remove-cart', customerToken, { method: 'DELETE', body: { all: true } });
    await json(
      await api('/cart/add-cart', customerToken, { method: 'POST', body: { productId: product!.id } }),
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

    // A super admin on a phone reads the order's audit trail (issue 33): each move, by whom, with its status names.
    const auditor = await (await journey.phone()).newPage();
    await signIn(auditor, journey.baseUrl, 'admin', 'superadmin@demo.ng');
    await auditor.goto(`${journey.baseUrl}/admin/orders/${orderId}`);
    await auditor.getByRole('link', { name: 'Audit trail of this order' }).click();
    await auditor.getByRole('heading', { name: 'Audit trail', level: 1 }).waitFor();
    const lines = auditor.getByRole('region', { name: 'Audit trail lines' }).getByRole('listitem');
    const moves = lines.filter({ hasText: 'Order status changed' });
    await moves
      .filter({ hasText: /Out for delivery\W+changed to\W+Delivered/i })
      .first()
      .waitFor();
    await moves
      .filter({ hasText: /Ready for pickup/i })
      .first()
      .waitFor();
    // Paid, accepted, ready, picked up, in transit, out for delivery, delivered.
    expect(await moves.count()).toBeGreaterThanOrEqual(7);
    await expectNoSidewaysScroll(auditor);
    await expectNoSeriousAxeViolations(auditor, 'an order audit trail at 360 px');
    await auditor.screenshot({
      path: path.join(screenshotsDir, 'admin-order-audit-360.png'),
      fullPage: true,
    });
  });
});
