import { cartEndpoints, checkoutEndpoints, customerProductEndpoints } from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  type CommerceSetup,
  checkout,
  listedProduct,
  payInSandbox,
  type SellingStore,
  type Shopper,
  shopper,
} from '../support/commerce-factory.js';
import { requestOf } from '../support/contract-requests.js';
import { pglite } from '../support/postgres-proofs.js';
import { bearer, json, login, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';

// Issue 24, "one account keeps any product sold out": an unpaid checkout holds at most half of what is left of an
// item, rounded up (at least two, at most 10) and 50 units in all, and replacing a checkout keeps the hold's end (ADR 042).

let test: TestApp;
let setup: CommerceSetup;
let store: SellingStore;
let clock = Date.now();

beforeAll(async () => {
  const market = await world({ customers: 0, app: { now: () => new Date(clock) } });
  ({ test, setup } = market);
  [store] = market.stores;
}, 120_000);
afterAll(() => test.close());

const stockOf = async (productId: string) =>
  json(await test.app.inject(requestOf(customerProductEndpoints.one, { params: { id: productId } }))).data
    .quantity as number;

const trackerOf = async (customer: Shopper, reference: string) =>
  json(
    await test.app.inject({
      ...requestOf(checkoutEndpoints.tracker, { params: { reference } }),
      headers: bearer(customer.token),
    }),
  ).data;

const setQuantity = (customer: Shopper, productId: string, quantity: number) =>
  test.app.inject({
    ...requestOf(cartEndpoints.add),
    headers: bearer(customer.token),
    payload: { productId, quantity, action: 'set' },
  });

describe('how much stock one unpaid checkout may hold', () => {
  pglite.it('one account cannot hold the last 5 of a product: a second buyer still buys', async () => {
    const tv = await listedProduct(test, setup, store, { name: 'Hisense 43" Smart TV', quantity: 5 });
    const hoarder = await shopper(test);
    expect((await addToCart(test, hoarder, tv.id, 5)).statusCode).toBeLessThan(300);

    const refused = await checkout(test, hoarder);
    expect(refused.statusCode).toBe(409);
    expect(json(refused)).toMatchObject({ error: 'CONFLICT' });
    expect(json(refused).message).toContain('At most 3 of Hisense 43" Smart TV can wait for payment');
    expect(await stockOf(tv.id)).toBe(5);

    expect((await setQuantity(hoarder, tv.id, 3)).statusCode).toBeLessThan(300);
    const held = json(await checkout(test, hoarder)).data;
    expect(await stockOf(tv.id)).toBe(2);

    const buyer = await shopper(test);
    expect((await addToCart(test, buyer, tv.id, 1)).statusCode).toBeLessThan(300);
    const bought = await checkout(test, buyer);
    expect(bought.statusCode).toBe(201);
    const { payment } = json(bought).data;
    await payInSandbox(test, payment.authorizationUrl, 'success');
    await test.deps.payments.settle(payment.reference);
    expect((await trackerOf(buyer, payment.reference)).status).toBe('paid');
    expect((await trackerOf(hoarder, held.tracker.reference)).status).toBe('awaiting_payment');
    expect(await stockOf(tv.id)).toBe(1);
  });

  pglite.it(
    'holds at most 10 of one item however much is left, and 50 units in all',
    async () => {
      const plenty = await listedProduct(test, setup, store, { name: 'Indomie carton', quantity: 500 });
      const customer = await shopper(test);
      await addToCart(test, customer, plenty.id, 11);
      const refused = await checkout(test, customer);
      expect(refused.statusCode).toBe(409);
      expect(json(refused).message).toContain('At most 10 of Indomie carton');

      await setQuantity(customer, plenty.id, 10);
      const others = await Promise.all(
        Array.from({ length: 4 }, (_, index) =>
          listedProduct(test, setup, store, { name: `Garri bag ${index}`, quantity: 500 }),
        ),
      );
      for (const product of others) await addToCart(test, customer, product.id, 10);
      const oneMore = await listedProduct(test, setup, store, { name: 'Palm oil tin', quantity: 500 });
      await addToCart(test, customer, oneMore.id, 1);
      const tooMany = await checkout(test, customer);
      expect(tooMany.statusCode).toBe(409);
      expect(json(tooMany).message).toContain('At most 50 items can wait for payment');
      expect(await stockOf(plenty.id)).toBe(500);

      await setQuantity(customer, others[0]!.id, 9);
      expect((await checkout(test, customer)).statusCode).toBe(201);
      expect(await stockOf(plenty.id)).toBe(490);
    },
    60_000,
  );

  pglite.it('a product sold on when out of stock is not limited: holding it keeps nobody out', async () => {
    const madeToOrder = await listedProduct(test, setup, store, {
      name: 'Tailored agbada',
      quantity: 0,
      contSalesOutOfStock: true,
    });
    const customer = await shopper(test);
    await addToCart(test, customer, madeToOrder.id, 25);
    expect((await checkout(test, customer)).statusCode).toBe(201);
  });

  it('a hoarder re-creating checkouts while eight buyers check out at once: no oversell, at least five buy', async () => {
    const product = await listedProduct(test, setup, store, { name: 'Tecno Spark 20', quantity: 10 });
    const hoarder = await shopper(test);
    await addToCart(test, hoarder, product.id, 5);
    const buyers = await Promise.all(Array.from({ length: 8 }, () => shopper(test)));
    for (const buyer of buyers) await addToCart(test, buyer, product.id, 1);

    const answers = await Promise.all([
      ...Array.from({ length: 6 }, () => checkout(test, hoarder)),
      ...buyers.map((buyer) => checkout(test, buyer)),
    ]);
    const hoarderAnswers = answers.slice(0, 6);
    const buyerAnswers = answers.slice(6);
    for (const answer of answers) expect([201, 409]).toContain(answer.statusCode);
    const bought = buyerAnswers.filter((answer) => answer.statusCode === 201).length;
    // The hoarder holds at most 5 at any commit, so at least 5 of the 10 units were there for the buyers.
    expect(bought).toBeGreaterThanOrEqual(5);

    const hoarderViews = await Promise.all(
      hoarderAnswers
        .filter((answer) => answer.statusCode === 201)
        .map((answer) => trackerOf(hoarder, json(answer).data.tracker.reference)),
    );
    const open = hoarderViews.filter((view) => view.status === 'awaiting_payment');
    expect(open.length).toBeLessThanOrEqual(1);
    const held = open.length === 1 ? 5 : 0;
    expect(await stockOf(product.id)).toBe(10 - bought - held);
  }, 120_000);

  pglite.it('re-creating a checkout does not move the end of its hold forward', async () => {
    const product = await listedProduct(test, setup, store, { quantity: 8 });
    const customer = await shopper(test);
    await addToCart(test, customer, product.id, 2);
    const first = json(await checkout(test, customer)).data;
    clock += 20 * 60_000;
    // Twenty minutes on, the access token has expired: sign in again.
    const again = { ...customer, token: (await login(test, 'customer', customer.email)).accessToken };
    const second = json(await checkout(test, again)).data;
    expect(second.tracker.expiresAt).toBe(first.tracker.expiresAt);
    expect((await trackerOf(again, first.tracker.reference)).status).toBe('replaced');

    // When the first hold's 30 minutes are over, the replacement closes with it and the stock comes back.
    clock += 11 * 60_000;
    await test.jobs.sweepCheckouts();
    expect((await trackerOf(again, second.tracker.reference)).status).toBe('expired');
    expect(await stockOf(product.id)).toBe(8);
  });
});
