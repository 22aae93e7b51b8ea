import { cartEndpoints, customerProductEndpoints } from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  type CommerceSetup,
  checkout,
  commerceSetup,
  listedProduct,
  type SellingStore,
  type Shopper,
  sellingStore,
  shopper,
} from '../support/commerce-factory.js';
import { requestOf } from '../support/contract-requests.js';
import { json, type TestApp } from '../support/test-app.js';
import { openTwoApps } from '../support/two-apps.js';

// Issue 31, finding 5: "White Garri 2kg" (stock 9) was held 5 + 2 + 2 by three accounts, and a fourth customer's
// checkout answered 409 for 30 minutes: the half-of-what-is-left cap held per account only. Now, once unpaid
// checkouts of every account together hold more than half of a product's stock, a checkout adds one unit at most
// (ADR 066). Two server processes on one PostgreSQL take the checkouts, at once.

const two = await openTwoApps();
afterAll(() => two?.close());

describe.skipIf(!two)('what every unpaid checkout together may hold of one product', () => {
  let a: TestApp;
  let b: TestApp;
  let setup: CommerceSetup;
  let store: SellingStore;
  beforeAll(async () => {
    ({ a, b } = two!);
    setup = await commerceSetup(a);
    store = await sellingStore(a, setup);
  }, 120_000);

  const stockOf = async (productId: string) =>
    json(await a.app.inject(requestOf(customerProductEndpoints.one, { params: { id: productId } }))).data
      .quantity as number;

  it('5 + 2 + 2 of nine: the second and third hoarders hold one each, and a fourth customer still buys', async () => {
    const garri = await listedProduct(a, setup, store, { name: 'White Garri 2kg', quantity: 9 });
    const [first, second, third, fourth] = await Promise.all([
      shopper(a),
      shopper(a),
      shopper(a),
      shopper(a),
    ]);
    expect((await addToCart(a, first!, garri.id, 5)).statusCode).toBeLessThan(300);
    expect((await checkout(a, first!)).statusCode).toBe(201);

    for (const hoarder of [second!, third!]) {
      expect((await addToCart(b, hoarder, garri.id, 2)).statusCode).toBeLessThan(300);
      const refused = await checkout(b, hoarder);
      expect(refused.statusCode).toBe(409);
      expect(json(refused).message).toContain('Many of White Garri 2kg are waiting for other shoppers');
      expect(
        (
          await a.app.inject({
            ...requestOf(cartEndpoints.add),
            headers: { authorization: `Bearer ${hoarder.token}` },
            payload: { productId: garri.id, quantity: 1, action: 'set' },
          })
        ).statusCode,
      ).toBeLessThan(300);
      expect((await checkout(b, hoarder)).statusCode).toBe(201);
    }
    expect(await stockOf(garri.id)).toBe(2);
    expect((await addToCart(a, fourth!, garri.id, 1)).statusCode).toBeLessThan(300);
    expect((await checkout(a, fourth!)).statusCode).toBe(201);
  });

  it('twelve new accounts checking out 2 each at once on two processes hold at most the share, never all', async () => {
    const product = await listedProduct(a, setup, store, { name: 'Ofada Rice 5kg', quantity: 12 });
    const buyers: Shopper[] = await Promise.all(Array.from({ length: 12 }, () => shopper(a)));
    for (const buyer of buyers)
      expect((await addToCart(a, buyer, product.id, 2)).statusCode).toBeLessThan(300);
    const answers = await Promise.all(buyers.map((buyer, index) => checkout(index % 2 ? b : a, buyer)));
    const held = answers.filter((answer) => answer.statusCode === 201).length * 2;
    for (const answer of answers) expect([201, 409]).toContain(answer.statusCode);
    // Checkouts of 2 are refused once more than half (6) of the 12 is held: 6 held at most... plus one that tipped
    // it, which the check refuses too: exactly 6.
    expect(held).toBe(6);
    expect(await stockOf(product.id)).toBe(6);
  });
});

describe.skipIf(!two)('accounts whose checkouts keep expiring unpaid', () => {
  it('after three expired in a day, an account holds nothing until a day after the third', async () => {
    const { a } = two!;
    const setup = await commerceSetup(a);
    const store = await sellingStore(a, setup);
    const product = await listedProduct(a, setup, store, { name: 'Palm Oil 4L', quantity: 40 });
    const hoarder = await shopper(a);
    const { orderTrackers } = await import('../../src/modules/orders/orders.schema.js');
    const { eq } = await import('drizzle-orm');
    for (let i = 0; i < 3; i++) {
      expect((await addToCart(a, hoarder, product.id, 1)).statusCode).toBeLessThan(300);
      const created = await checkout(a, hoarder);
      expect(created.statusCode).toBe(201);
      // The payment window passes: the sweeper expires it and gives the stock back.
      await a.deps.db
        .update(orderTrackers)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(orderTrackers.reference, json(created).data.payment.reference));
      expect((await a.jobs.sweepCheckouts()).expired).toBe(1);
    }
    expect((await addToCart(a, hoarder, product.id, 1)).statusCode).toBeLessThan(300);
    const refused = await checkout(a, hoarder);
    expect(refused.statusCode).toBe(409);
    expect(json(refused).message).toMatch(
      /3 of your checkouts expired unpaid, so you cannot hold items for payment until/,
    );
    expect(
      await (async () =>
        json(await a.app.inject(requestOf(customerProductEndpoints.one, { params: { id: product.id } }))).data
          .quantity)(),
    ).toBe(40);
  });
});
