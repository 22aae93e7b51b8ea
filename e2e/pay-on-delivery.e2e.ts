import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  chromiumPath,
  closeContexts,
  DEMO_PASSWORD,
  expectNoSidewaysScroll,
  phoneContext,
  type RunningApp,
  screenshotsDir,
  sharedBrowser,
  signIn,
  startApp,
} from './harness';
import { fetchWhenNotBusy, figures, json, kobo, naira, pick } from './money-reads';

// Issue 36's proof in a browser: one checkout pays one store online and another on delivery. The carrier (the demo
// shipping partner) takes the cash at the door with the customer's token; its cash held rises; it records the
// remittance and the admin confirms it; once the return window closes the store's share is payable and the payout
// goes out. At each step the customer's, the store's, the carrier's and the admin's screens agree to the kobo. A
// second journey: a parcel refused at the door goes back to the store and nothing becomes payable.

// Sandbox transfers wait for the OTP 123456, as Paystack's do when the business has OTPs on (this file's server
// only: journey files share their worker).
const otpServer = { SANDBOX_TRANSFER_OTP: 'true' };

const parcelPhoto = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'parcel.png');
const DOOR_STORE = { name: 'Chinedu Gadgets', email: 'merchant@demo.ng' };
const CARD_STORE = { name: 'Mama Titi Kitchen', email: 'kitchen@demo.ng' };
const CARRIER = 'Swift Logistics Ltd';

interface Product {
  id: string;
  storeId: string;
  storeName: string;
  variant: unknown[];
  quantity: number;
}

describe.skipIf(!chromiumPath)('pay on delivery: cash at the door to a payout, and a refusal', () => {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  let baseUrl = '';

  beforeAll(async () => {
    app = await startApp({ seededFrom: inject('seededDataDir'), env: otpServer });
    browser = await sharedBrowser();
    baseUrl = app.baseUrl;
  });
  afterAll(async () => {
    await closeContexts(browser);
    await app?.stop();
  });

  const api = (url: string, token: string, init: { method?: string; body?: unknown } = {}) =>
    fetchWhenNotBusy(`${baseUrl}/api${url}`, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${token}`,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
    });
  const login = async (kind: string, email: string) =>
    (
      await json<{ data: { accessToken: string } }>(
        await fetchWhenNotBusy(`${baseUrl}/api/auth/${kind}/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: DEMO_PASSWORD }),
        }),
      )
    ).data.accessToken;
  const desktop = () => browser!.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-NG' });
  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(screenshotsDir, `pod-${name}.png`), fullPage: true });

  /** Pay on delivery on in Lagos, and the door store opted in (the demo marketplace has it off). */
  async function podOn() {
    const superadmin = await login('admin', 'superadmin@demo.ng');
    const zones = await json<{ data: { zones: { id: string; states: string[] }[] } }>(
      await api('/shipping', superadmin),
    );
    await json(
      await api('/pay-on-delivery/admin/settings', superadmin, {
        method: 'PUT',
        body: {
          enabled: true,
          zoneIds: zones.data.zones.filter((zone) => zone.states.includes('Lagos')).map((zone) => zone.id),
          maxOrder: 5_000_000,
          fee: 500,
          refusalLimit: 3,
          refusalPeriodDays: 30,
          carrierCashLimit: 10_000_000,
        },
      }),
    );
    await json(
      await api('/pay-on-delivery/store', await login('merchant', DOOR_STORE.email), {
        method: 'PUT',
        body: { enabled: true },
      }),
    );
  }

  /** A simple product of a store, with stock. */
  async function productOf(store: string): Promise<Product> {
    const listing = await json<{ data: { data: Product[] } }>(
      await fetchWhenNotBusy(`${baseUrl}/api/products/customer/getallproducts?limit=100&inStock=true`),
    );
    const found = listing.data.data.find(
      (p) => p.storeName === store && p.variant.length === 0 && p.quantity >= 3,
    );
    expect(found, `a simple product of ${store}`).toBeTruthy();
    return found!;
  }

  /** The customer's checkout of these products, the door store's order paid on delivery. */
  async function checkout(customerToken: string, products: Product[], doorStoreId: string) {
    await api('/cart/remove-cart', customerToken, { method: 'DELETE', body: { all: true } });
    for (const product of products)
      await json(
        await api('/cart/add-cart', customerToken, { method: 'POST', body: { productId: product.id } }),
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
    return json<{
      data: {
        tracker: {
          orders: {
            id: string;
            orderName: string;
            storeId: string;
            total: number;
            payOnDelivery: { fee: number; dueAtDoor: number } | null;
          }[];
        };
        payment: { authorizationUrl: string | null };
      };
    }>(
      await api('/ordertracking/create-order', customerToken, {
        method: 'POST',
        body: { addressId: address.data.id, payOnDeliveryStoreIds: [doorStoreId] },
      }),
    );
  }

  /** The partner takes the parcel and carries it out for delivery (its screens have their own journey). */
  async function carryOut(orderId: string, partnerToken: string) {
    await json(await api(`/partner/orders/${orderId}/accept`, partnerToken, { method: 'POST' }));
    const photo = new FormData();
    photo.append('status', 'picked_up');
    photo.append('evidence', new Blob([fs.readFileSync(parcelPhoto)], { type: 'image/png' }), 'parcel.png');
    await json(
      await fetchWhenNotBusy(`${baseUrl}/api/ordertracking/update-order/${orderId}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${partnerToken}` },
        body: photo,
      }),
    );
    await json(
      await api(`/partner/orders/${orderId}/dispatcher`, partnerToken, {
        method: 'PATCH',
        body: { dispatcherName: 'Sani Abubakar', dispatchPhoneNumber: '08091234567' },
      }),
    );
    for (const status of ['in_transit', 'out_for_delivery'])
      await json(
        await api(`/ordertracking/update-order/${orderId}`, partnerToken, {
          method: 'PATCH',
          body: { status },
        }),
      );
  }

  /** The carrier's own screen: the cash it holds. */
  async function carrierHeld(partner: Page) {
    await partner.goto(`${baseUrl}/shipping-partner/cash`);
    return kobo(await partner.getByTestId('cash-held').innerText());
  }

  /** The admin's pay-on-delivery screen: the partner's outstanding cash (0 before it ever took any). */
  async function adminOutstanding(admin: Page) {
    await admin.goto(`${baseUrl}/admin/payouts/pay-on-delivery`);
    const row = admin.getByTestId('carrier-cash').filter({ hasText: CARRIER });
    // The carriers' list (ours among them, or not yet) or its empty state: the screen has loaded.
    await admin
      .getByRole('list', { name: 'Carriers' })
      .or(admin.getByText('No carrier has taken cash at the door yet'))
      .first()
      .waitFor();
    if ((await row.count()) === 0) return 0;
    const text = await row.innerText();
    return kobo(text.match(/Outstanding\s+([−-]?₦[\d,.]+)/)?.[1] ?? '');
  }

  /** The store's payouts page: its escrow and payable. */
  async function storeBalances(merchant: Page) {
    await merchant.goto(`${baseUrl}/merchant/payouts`);
    const balances = await figures(merchant.getByRole('region', { name: 'Balances (all time)' }));
    return { escrow: pick(balances, 'Pending (in escrow)'), payable: pick(balances, 'Payable') };
  }

  /** The order's Money section on the store's and the admin's order pages: they must agree. */
  async function orderMoney(order: { id: string; orderName: string }, merchant: Page, admin: Page) {
    const read = async (page: Page, url: string) => {
      await page.goto(url);
      await page.getByRole('heading', { name: `Order ${order.orderName}` }).waitFor();
      const money = await figures(
        page.locator('section', { has: page.getByRole('heading', { name: 'Money' }) }),
      );
      return {
        paid: Math.abs(pick(money, 'Paid by the customer')),
        commission: Math.abs(pick(money, 'Commission')),
        due: Math.abs(pick(money, 'Due to the store')),
      };
    };
    const store = await read(merchant, `${baseUrl}/merchant/orders/${order.id}`);
    expect(
      await read(admin, `${baseUrl}/admin/orders/${order.id}`),
      "the admin's order page = the store's",
    ).toEqual(store);
    return store;
  }

  /** What the customer's order page says is paid (or to pay) at the door. */
  async function customerAtDoor(customer: Page, order: { id: string; orderName: string }) {
    await customer.goto(`${baseUrl}/account/orders/${order.id}`);
    await customer.getByRole('heading', { name: `Order ${order.orderName}` }).waitFor();
    const line = customer.getByTestId('pay-at-door');
    await expectNoSidewaysScroll(customer);
    return {
      label: (await line.locator('dt').innerText()).trim(),
      amount: kobo(await line.locator('dd').innerText()),
    };
  }

  it('a parcel refused at the door goes back to the store, and nothing becomes payable', async () => {
    await podOn();
    const gadget = await productOf(DOOR_STORE.name);
    const customerToken = await login('customer', 'customer@demo.ng');
    const created = await checkout(customerToken, [gadget], gadget.storeId);
    const [order] = created.data.tracker.orders;
    expect(created.data.payment.authorizationUrl, 'everything at the door: nothing to pay online').toBeNull();
    const merchantToken = await login('merchant', DOOR_STORE.email);
    for (const status of ['accepted', 'ready_for_pickup'])
      await json(
        await api(`/ordertracking/update-order/${order!.id}`, merchantToken, {
          method: 'PATCH',
          body: { status },
        }),
      );

    const merchantContext = await desktop();
    const merchant = await merchantContext.newPage();
    await signIn(merchant, baseUrl, 'merchant', DOOR_STORE.email);
    const adminContext = await desktop();
    const admin = await adminContext.newPage();
    await signIn(admin, baseUrl, 'admin', 'admin@demo.ng');
    const partnerContext = await phoneContext(browser!);
    const partner = await partnerContext.newPage();
    await signIn(partner, baseUrl, 'shipping-partner', 'partner@demo.ng');
    const customerContext = await phoneContext(browser!);
    const customer = await customerContext.newPage();
    await signIn(customer, baseUrl, 'customer', 'customer@demo.ng');

    const before = {
      store: await storeBalances(merchant),
      held: await carrierHeld(partner),
      outstanding: await adminOutstanding(admin),
    };
    await admin.goto(`${baseUrl}/admin/orders`);
    const row = admin.getByRole('listitem').filter({ hasText: order!.orderName });
    await row.getByLabel('Assign to').selectOption({ label: `${CARRIER} (shipping partner)` });
    await row.getByRole('button', { name: 'Assign' }).click();
    await admin.getByText('Order assigned').first().waitFor();
    const partnerToken = await login('partner', 'partner@demo.ng');
    await carryOut(order!.id, partnerToken);
    const refused = new FormData();
    refused.append('status', 'delivery_failed');
    refused.append('note', 'The customer refused the parcel at the door');
    refused.append('refusedByCustomer', 'true');
    refused.append('evidence', new Blob([fs.readFileSync(parcelPhoto)], { type: 'image/png' }), 'parcel.png');
    await json(
      await fetchWhenNotBusy(`${baseUrl}/api/ordertracking/update-order/${order!.id}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${partnerToken}` },
        body: refused,
      }),
    );
    await json(
      await api(`/ordertracking/update-order/${order!.id}`, partnerToken, {
        method: 'PATCH',
        body: { status: 'returned' },
      }),
    );

    // The customer's page: returned, nothing was paid and nothing is refunded.
    await customer.goto(`${baseUrl}/account/orders/${order!.id}`);
    await customer.getByRole('heading', { name: `Order ${order!.orderName}` }).waitFor();
    await customer.getByText('Returned', { exact: true }).first().waitFor();
    expect(await customer.getByRole('list', { name: 'Refunds of this order' }).count()).toBe(0);
    await shot(customer, 'customer-refused-360');
    // The store, the carrier and the admin: nothing moved.
    expect(await storeBalances(merchant), "the store's escrow and payable").toEqual(before.store);
    expect(await carrierHeld(partner), "the carrier's cash held").toBe(before.held);
    expect(await adminOutstanding(admin), "the admin's outstanding for the carrier").toBe(before.outstanding);
    for (const context of [merchantContext, adminContext, partnerContext, customerContext])
      await context.close();
  }, 240_000);

  it('cash at the door, held by the carrier, remitted, confirmed, payable, paid out: every screen agrees', async () => {
    const journal: string[] = [];
    const gadget = await productOf(DOOR_STORE.name);
    const food = await productOf(CARD_STORE.name);
    const customerToken = await login('customer', 'customer@demo.ng');
    const created = await checkout(customerToken, [gadget, food], gadget.storeId);
    const orders = created.data.tracker.orders;
    const door = orders.find((one) => one.storeId === gadget.storeId)!;
    const card = orders.find((one) => one.storeId === food.storeId)!;
    expect(door.payOnDelivery).not.toBeNull();
    expect(card.payOnDelivery).toBeNull();
    const dueAtDoor = kobo(String(door.payOnDelivery!.dueAtDoor.toFixed(2)));

    // The card store's order is paid on the sandbox page; the door store's waits for the door.
    const customerContext = await phoneContext(browser!);
    const customer = await customerContext.newPage();
    await signIn(customer, baseUrl, 'customer', 'customer@demo.ng');
    await customer.goto(created.data.payment.authorizationUrl!);
    await customer.getByLabel('Card number').fill('4084 0840 8408 4081');
    await customer.getByLabel('Expiry (MM/YY)').fill('12/30');
    await customer.getByLabel('CVV').fill('123');
    await customer.getByRole('button', { name: /^Pay / }).click();
    await customer.waitForURL('**/checkout/complete?**');
    await customer.getByRole('heading', { name: 'Thank you! Your order is placed' }).waitFor();

    const merchantContext = await desktop();
    let merchant = await merchantContext.newPage();
    await signIn(merchant, baseUrl, 'merchant', DOOR_STORE.email);
    const adminContext = await desktop();
    let admin = await adminContext.newPage();
    await signIn(admin, baseUrl, 'admin', 'admin@demo.ng');
    const partnerContext = await phoneContext(browser!);
    const partner = await partnerContext.newPage();
    await signIn(partner, baseUrl, 'shipping-partner', 'partner@demo.ng');

    // 1. Before the door: the customer is told what to pay; nothing of it is in the store's books.
    const toPay = await customerAtDoor(customer, door);
    expect(toPay).toEqual({ label: 'To pay at the door', amount: dueAtDoor });
    const store0 = await storeBalances(merchant);
    const held0 = await carrierHeld(partner);
    const outstanding0 = await adminOutstanding(admin);
    journal.push(
      `1. checkout: ${door.orderName} to pay at the door ${naira(dueAtDoor)}; store escrow ${naira(store0.escrow)}, payable ${naira(store0.payable)}; carrier holds ${naira(held0)}; admin outstanding ${naira(outstanding0)}`,
    );

    // 2. The store packs it, the admin gives it to the partner, who carries it and takes the cash with the token.
    await merchant.goto(`${baseUrl}/merchant/orders/${door.id}`);
    await merchant.getByRole('heading', { name: `Order ${door.orderName}` }).waitFor();
    await merchant.getByRole('button', { name: 'Accept order' }).click();
    await merchant.getByRole('button', { name: 'Mark ready for pickup' }).click();
    await merchant.getByText('The order is packed and ready for pickup.').waitFor();
    await admin.goto(`${baseUrl}/admin/orders`);
    const row = admin.getByRole('listitem').filter({ hasText: door.orderName });
    await row.getByLabel('Assign to').selectOption({ label: `${CARRIER} (shipping partner)` });
    await row.getByRole('button', { name: 'Assign' }).click();
    await admin.getByText('Order assigned').first().waitFor();
    const partnerToken = await login('partner', 'partner@demo.ng');
    await carryOut(door.id, partnerToken);
    await customer.goto(`${baseUrl}/account/orders/${door.id}`);
    const deliveryToken = (await customer.getByTestId('delivery-token').textContent())?.trim() ?? '';
    expect(deliveryToken).toMatch(/^\d{6}$/);
    await json(
      await api(`/ordertracking/update-order/${door.id}`, partnerToken, {
        method: 'PATCH',
        body: {
          status: 'delivered',
          deliveryToken,
          collectionMethod: 'cash',
          collectedAmount: dueAtDoor / 100,
        },
      }),
    );

    const paidAtDoor = await customerAtDoor(customer, door);
    expect(paidAtDoor).toEqual({ label: 'Paid at the door', amount: dueAtDoor });
    await shot(customer, 'customer-paid-at-door-360');
    const money = await orderMoney(door, merchant, admin);
    expect(money.paid + 50_000, 'paid by the customer + the ₦500 fee = the cash taken').toBe(dueAtDoor);
    const held1 = await carrierHeld(partner);
    expect(held1 - held0, "the carrier's cash held rose by the cash taken").toBe(dueAtDoor);
    await shot(partner, 'carrier-holds-360');
    const outstanding1 = await adminOutstanding(admin);
    expect(outstanding1, "the admin's outstanding for the carrier = the carrier's screen").toBe(held1);
    const store1 = await storeBalances(merchant);
    expect(store1.escrow - store0.escrow, "the store's share waits in escrow").toBe(money.due);
    expect(store1.payable, 'nothing payable before the cash is remitted').toBe(store0.payable);
    journal.push(
      `2. collected ${naira(dueAtDoor)} in cash: order paid ${naira(money.paid)}, commission ${naira(money.commission)}, due to the store ${naira(money.due)}; carrier holds ${naira(held1)}; admin outstanding ${naira(outstanding1)}; store escrow ${naira(store1.escrow)}, payable ${naira(store1.payable)}`,
    );

    // 3. The carrier records its transfer for the collection; the admin confirms the money is in.
    await partner.goto(`${baseUrl}/shipping-partner/cash`);
    await partner.getByLabel(new RegExp(`^${door.orderName}:`)).check();
    await partner.getByLabel('Transfer reference').fill(`TRF-${door.orderName}`);
    await partner.getByRole('button', { name: `Record remittance of ${naira(dueAtDoor)}` }).click();
    await partner.getByText(`TRF-${door.orderName}`).first().waitFor();
    await admin.goto(`${baseUrl}/admin/payouts/pay-on-delivery`);
    const waiting = admin.getByRole('listitem').filter({ hasText: `TRF-${door.orderName}` });
    expect(
      kobo((await waiting.innerText()).match(/₦[\d,.]+/)?.[0] ?? ''),
      'the remittance is the cash taken',
    ).toBe(dueAtDoor);
    expect((await storeBalances(merchant)).payable, 'recorded, not confirmed: nothing payable yet').toBe(
      store0.payable,
    );
    await admin.goto(`${baseUrl}/admin/payouts/pay-on-delivery`);
    await waiting.getByRole('button', { name: 'Confirm: the money is in' }).click();
    await waiting.waitFor({ state: 'detached' });
    const held2 = await carrierHeld(partner);
    expect(held2, "the carrier's cash held is back where it was").toBe(held0);
    expect(await adminOutstanding(admin), "the admin's outstanding = the carrier's screen").toBe(held2);
    const store2 = await storeBalances(merchant);
    expect(store2.payable, 'still inside the return window: not payable yet').toBe(store0.payable);
    journal.push(
      `3. remitted and confirmed: carrier holds ${naira(held2)}; store escrow ${naira(store2.escrow)}, payable ${naira(store2.payable)}`,
    );

    // 4. The return window closes (the server stopped, the delivery moved eight days back, started again): the
    // store's share is payable, and the admin pays it out with the transfer's OTP.
    for (const context of [customerContext, merchantContext, adminContext, partnerContext])
      await context.close();
    await app!.stop({ keepData: true });
    const stoppedDir = app!.dataDir;
    const database = new PGlite({ dataDir: path.join(stoppedDir, 'db') });
    await database.query("update orders set delivered_at = delivered_at - interval '8 days' where id = $1", [
      door.id,
    ]);
    await database.close();
    app = await startApp({ seededFrom: stoppedDir, env: otpServer });
    fs.rmSync(stoppedDir, { recursive: true, force: true });
    baseUrl = app.baseUrl;
    const merchantAgain = await desktop();
    merchant = await merchantAgain.newPage();
    await signIn(merchant, baseUrl, 'merchant', DOOR_STORE.email);
    const adminAgain = await phoneContext(browser!);
    admin = await adminAgain.newPage();
    await signIn(admin, baseUrl, 'admin', 'admin@demo.ng');

    const store3 = await storeBalances(merchant);
    expect(
      store3.payable - store2.payable,
      "the door order's due is payable once remitted and its window closed",
    ).toBe(money.due);
    await admin.goto(`${baseUrl}/admin/payouts`);
    const payable = admin.getByTestId('payable-merchant').filter({ hasText: DOOR_STORE.name });
    expect(
      kobo((await payable.innerText()).match(/Payable\s+([−-]?₦[\d,.]+)/)?.[1] ?? ''),
      "the admin's payable line",
    ).toBe(store3.payable);
    await payable.getByRole('button', { name: 'Approve payout' }).click();
    await admin
      .getByRole('alertdialog', { name: 'Approve this payout?' })
      .getByRole('button', { name: 'Approve and pay' })
      .click();
    const otp = admin.getByTestId('payout-otp').first();
    await otp.getByLabel('OTP').fill('123456');
    await otp.getByRole('button', { name: 'Enter OTP' }).click();
    await admin
      .getByRole('region', { name: 'Payouts', exact: true })
      .getByTestId('payout')
      .filter({ hasText: DOOR_STORE.name })
      .first()
      .getByText('Paid', { exact: true })
      .waitFor();
    await shot(admin, 'admin-payout-paid-360');
    await merchant.goto(`${baseUrl}/merchant/payouts`);
    const paidOut = await figures(merchant.getByRole('region', { name: 'Balances (all time)' }));
    expect(pick(paidOut, 'Payable'), 'everything payable went out').toBe(0);
    journal.push(
      `4. window closed: store payable ${naira(store3.payable)} (the door order's ${naira(money.due)} among it), paid out; payable now ${naira(pick(paidOut, 'Payable'))}`,
    );
    for (const context of [merchantAgain, adminAgain]) await context.close();
    console.info(`\npay-on-delivery journey figures:\n${journal.join('\n')}\n`);
  }, 360_000);
});
