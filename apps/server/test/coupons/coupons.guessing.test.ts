import { couponCustomerEndpoints } from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  type CommerceSetup,
  listedProduct,
  type SellingStore,
  type Shopper,
  shopper,
  storeCoupon,
} from '../support/commerce-factory.js';
import { requestOf } from '../support/contract-requests.js';
import { pglite } from '../support/postgres-proofs.js';
import { bearer, json, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';

// Issue 12, "Coupon guessing": validate-coupon and apply-coupon are limited per customer and per address, and
// answer an unknown code exactly as they answer a code that does not apply.

let test: TestApp;
let setup: CommerceSetup;
let store: SellingStore;
let productId: string;

beforeAll(async () => {
  const market = await world({ customers: 0 });
  ({ test, setup } = market);
  [store] = market.stores;
  productId = (await listedProduct(test, setup, store)).id;
}, 120_000);
afterAll(() => test.close());

const validate = (customer: Shopper, code: string, ip: string) =>
  test.app.inject({
    ...requestOf(couponCustomerEndpoints.validate),
    headers: bearer(customer.token),
    payload: { code, productIds: [productId] },
    remoteAddress: ip,
  });
const apply = (customer: Shopper, code: string, ip: string) =>
  test.app.inject({
    ...requestOf(couponCustomerEndpoints.apply),
    headers: bearer(customer.token),
    payload: { code },
    remoteAddress: ip,
  });

pglite.describe('one answer for unknown and unusable codes', () => {
  it('apply-coupon: an expired code, a code for other customers, a code of a store not in the cart, and no code at all', async () => {
    const customer = await shopper(test);
    await addToCart(test, customer, productId, 1);
    const expired = await storeCoupon(test, store, { startDate: '2020-01-01', endDate: '2020-12-31' });
    const good = await storeCoupon(test, store);
    expect((await apply(customer, good.code, '10.7.0.1')).statusCode).toBe(200);
    const minSpend = await storeCoupon(test, store, {
      minRequireType: 'Amount',
      minRequireValue: 10_000_000,
    });
    const answers = [];
    for (const code of [expired.code, minSpend.code, 'NEVERMADE1'])
      answers.push(await apply(customer, code, '10.7.0.1'));
    const [first, ...rest] = answers;
    expect(first!.statusCode).toBe(422);
    for (const answer of rest) {
      expect(answer.statusCode).toBe(first!.statusCode);
      expect(json(answer)).toEqual(json(first!));
    }
    expect(json(first!)).toMatchObject({
      error: 'VALIDATION_ERROR',
      message: 'This coupon code is not valid or does not apply to your cart',
    });
  });

  it('validate-coupon: the same status, message and data for an unknown code and a code that does not apply', async () => {
    const customer = await shopper(test);
    const minSpend = await storeCoupon(test, store, {
      minRequireType: 'Amount',
      minRequireValue: 10_000_000,
    });
    const known = await validate(customer, minSpend.code, '10.7.0.2');
    const unknown = await validate(customer, 'NEVERMADE2', '10.7.0.2');
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(json(known).message).toBe(json(unknown).message);
    expect({ ...json(known).data, code: null }).toEqual({ ...json(unknown).data, code: null });
  });
});

describe('rate limits', () => {
  it('30 tries per customer in 15 minutes across validate and apply, whatever the address', async () => {
    const guesser = await shopper(test);
    for (let index = 0; index < 15; index++) {
      expect((await validate(guesser, `GUESS${index}`, `10.6.0.${index + 1}`)).statusCode).toBe(200);
      expect((await apply(guesser, `GUESS${index}X`, `10.6.1.${index + 1}`)).statusCode).toBe(422);
    }
    const limited = await validate(guesser, 'GUESSMORE', '10.6.2.1');
    expect(limited.statusCode).toBe(429);
    expect(json(limited)).toMatchObject({ error: 'RATE_LIMITED' });
    expect((await apply(guesser, 'GUESSMORE', '10.6.2.2')).statusCode).toBe(429);
    // Another customer is not affected.
    const other = await shopper(test);
    expect((await validate(other, 'GUESSMORE', '10.6.2.3')).statusCode).toBe(200);
  });

  it('100 tries per address in 15 minutes, whatever the account', async () => {
    const accounts = await Promise.all(Array.from({ length: 5 }, () => shopper(test)));
    for (let index = 0; index < 100; index++) {
      const answer = await validate(accounts[index % 4]!, `ADDR${index}`, '10.5.0.1');
      expect(answer.statusCode).toBe(200);
    }
    expect((await validate(accounts[4]!, 'ADDRMORE', '10.5.0.1')).statusCode).toBe(429);
    expect((await validate(accounts[4]!, 'ADDRMORE', '10.5.0.2')).statusCode).toBe(200);
  }, 60_000);
});
