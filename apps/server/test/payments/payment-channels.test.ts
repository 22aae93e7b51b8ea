import { checkoutEndpoints, customerOrderEndpoints, financeEndpoints } from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  type CommerceSetup,
  checkout,
  listedProduct,
  type SellingStore,
  shopper,
} from '../support/commerce-factory.js';
import { requestOf } from '../support/contract-requests.js';
import { bearer, createPartner, json, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';

// Payment channels (issue 36): the sandbox's page offers bank transfer and USSD besides cards, as Paystack's does;
// the channel the provider reports is recorded on the payment and shown on the receipt, the customer's order and
// the admin's transactions (filterable), and to nobody else.

let test: TestApp;
let setup: CommerceSetup;
let store: SellingStore;
let product: string;

beforeAll(async () => {
  const market = await world({ customers: 0 });
  ({ test, setup } = market);
  [store] = market.stores;
  product = (await listedProduct(test, setup, store, { quantity: 50 })).id as string;
}, 60_000);
afterAll(() => test.close());

/** Pays a new checkout on the sandbox's page with a channel other than a card, as a browser would. */
async function payBy(channel: string) {
  const customer = await shopper(test);
  await addToCart(test, customer, product);
  const created = json(await checkout(test, customer)).data;
  const path = new URL(created.payment.authorizationUrl).pathname;
  const page = await test.app.inject({ method: 'GET', url: path });
  expect(page.body).toContain('I have paid by bank transfer');
  expect(page.body).toContain('I have paid by USSD');
  const paid = await test.app.inject({
    method: 'POST',
    url: `${path}/other`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ channel }).toString(),
  });
  return { customer, created, paid };
}

describe('paying by bank transfer or USSD', () => {
  it('records the channel and shows it on the receipt, the order and the admin’s transactions', async () => {
    const { customer, created, paid } = await payBy('bank_transfer');
    expect(paid.statusCode).toBe(303);
    const reference = created.tracker.reference as string;
    const receipt = await test.app.inject({
      ...requestOf(checkoutEndpoints.recordTransaction),
      headers: bearer(customer.token),
      payload: { reference },
    });
    expect(json(receipt).data.transaction).toMatchObject({
      paymentChannel: 'bank_transfer',
      status: 'success',
      cardNumber: null,
    });
    const orderId = created.tracker.orders[0].id as string;
    const order = json(
      await test.app.inject({
        ...requestOf(customerOrderEndpoints.one, { params: { id: orderId } }),
        headers: bearer(customer.token),
      }),
    ).data;
    expect(order).toMatchObject({ paymentChannel: 'bank_transfer', orderStatus: { code_name: 'pending' } });

    const ussd = await payBy('ussd');
    const filtered = json(
      await test.app.inject({
        ...requestOf(financeEndpoints.transactions, { query: { channel: 'ussd', limit: 100 } }),
        headers: bearer(setup.admin.accessToken),
      }),
    ).data;
    const references = JSON.stringify(filtered);
    expect(references).toContain(ussd.created.tracker.reference);
    expect(references).not.toContain(reference);
  });

  it('shows the channel to nobody but the customer and the admins', async () => {
    const { created } = await payBy('ussd');
    const orderId = created.tracker.orders[0].id as string;
    const stranger = await shopper(test);
    const partner = await createPartner(test);
    for (const token of [stranger.token, store.accessToken, partner.accessToken]) {
      const seen = await test.app.inject({
        ...requestOf(customerOrderEndpoints.one, { params: { id: orderId } }),
        headers: bearer(token),
      });
      expect([403, 404]).toContain(seen.statusCode);
    }
    for (const token of [store.accessToken, partner.accessToken, stranger.token]) {
      const list = await test.app.inject({
        ...requestOf(financeEndpoints.transactions),
        headers: bearer(token),
      });
      expect(list.statusCode).toBe(403);
    }
  });

  it('refuses an unknown channel and leaves the payment open', async () => {
    const customer = await shopper(test);
    await addToCart(test, customer, product);
    const created = json(await checkout(test, customer)).data;
    const path = new URL(created.payment.authorizationUrl).pathname;
    const refused = await test.app.inject({
      method: 'POST',
      url: `${path}/other`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ channel: 'crypto' }).toString(),
    });
    expect(refused.statusCode).toBe(422);
    const tracker = json(
      await test.app.inject({
        ...requestOf(checkoutEndpoints.tracker, { params: { reference: created.tracker.reference } }),
        headers: bearer(customer.token),
      }),
    );
    expect(tracker.data.status).toBe('awaiting_payment');
  });
});
