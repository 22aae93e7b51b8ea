import { AsyncLocalStorage } from 'node:async_hooks';
import { checkoutEndpoints, couponCustomerEndpoints } from '@market/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CARDS } from '../../src/platform/payments/sandbox.js';
import {
  addToCart,
  appliedGiftCard,
  type CommerceSetup,
  checkout,
  listedProduct,
  type SellingStore,
  shopper,
  storeCoupon,
} from '../support/commerce-factory.js';
import { requestOf } from '../support/contract-requests.js';
import { countWrites } from '../support/statement-counter.js';
import { bearer, json, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';

// Issue 32, item 6 (ADR 087): what one paid checkout costs the database, counted at the driver. The bounds are
// this checkout's counts today; a per-line or per-store loop of statements put back (stock, order rows, coupon
// uses, ledger lines) adds at least one statement per extra line or store and fails them, as does pricing that reads
// the cart, products, address, codes, coupons and gift cards one by one again (5 more), the payment's row written
// apart from the checkout's, the books in two statements, or the checkout locked or its customer read apart from the
// payment's lock. The payment sandbox's statements are counted apart: they are Paystack's HTTP calls in production.

let test: TestApp;
let setup: CommerceSetup;
let stores: SellingStore[];

beforeAll(async () => {
  ({ test, setup, stores } = await world({ stores: 3, customers: 0 }));
}, 120_000);
afterAll(() => test.close());

/**
 * The bounds: each checkout's count today (ADR 087, fourth pass). Of the plain cart's 20: 2 session checks, 2 begins
 * and 2 commits; opening: the cart lock, the open checkouts' lock, the one read of the cart's world, the checkout's
 * rows with its payment's row, the stock, and the provider's page address after the commit; the webhook: its event
 * with the payment read, the payment locked with the checkout, its orders and the mail's recipient, the payment
 * settled, the orders paid, the books, the statement of writes; the return's one read; the sales fold.
 */
const BOUND_WITH_COUPON_AND_GIFT_CARD = 31;
const BOUND_PLAIN = 20;

/** The statements the payment sandbox sends for its own rows: Paystack's HTTP calls in production. */
const isSandboxProviders = (text: string) => text.includes('"sandbox_charges"');

async function pendingSales(): Promise<number> {
  const { rows } = (await test.database.db.execute(
    sql`select count(*)::int as n from pending_sales`,
  )) as unknown as { rows: { n: number }[] };
  return rows[0]!.n;
}

/** Notification events written since `since` (`waiting`: of them, those not told yet). */
async function eventsSince(since: Date, which: 'all' | 'waiting' = 'all'): Promise<number> {
  const { rows } = (await test.database.db.execute(
    sql`select count(*)::int as n from notification_events
      where created_at >= ${since} and (${which} = 'all' or fanned_out_at is null)`,
  )) as unknown as { rows: { n: number }[] };
  return rows[0]!.n;
}

/** What one paid checkout of `customer`'s cart cost, counted at the driver; its fan-out told afterwards. */
async function countPaidCheckout(customer: Awaited<ReturnType<typeof shopper>>, giftCardKobo: number) {
  // Anything the set-up left to fan out is told now, before counting, and a run the set-up's last emit scheduled
  // (250 ms after it) has passed.
  await test.jobs.fanOutNotifications();
  await new Promise((done) => setTimeout(done, 500));
  // The fan-out (250 ms after an emit) waits until the checkout is done, then tells all its events at once.
  const fanOut = test.jobs.fanOutNotifications;
  test.jobs.fanOutNotifications = async () => 0;
  // The test's own look at the sales fold's progress is not the checkout's.
  const testsOwn = new AsyncLocalStorage<true>();
  // The events of this checkout: those written from here on (the set-up's were told above).
  const since = new Date();
  const paid = await countWrites(
    test.database,
    async () => {
      const created = json(await checkout(test, customer));
      expect(created.message).toBe('Order created. Complete the payment to place it.');
      expect(created.data.tracker.giftCardTotal).toBe(giftCardKobo);
      // The customer pays on the provider's page, which tells the server (the webhook) and sends them back.
      const page = await test.app.inject({
        method: 'POST',
        url: new URL(created.data.payment.authorizationUrl).pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          cardNumber: SANDBOX_CARDS.success,
          expiry: '12/30',
          cvv: '123',
        }).toString(),
      });
      expect(page.statusCode).toBeLessThan(400);
      const returned = await test.app.inject({
        ...requestOf(checkoutEndpoints.recordTransaction),
        headers: bearer(customer.token),
        payload: { reference: created.data.tracker.reference },
      });
      expect(json(returned).data.tracker.status).toBe('paid');
      // The units sold reach the products' counters after the payment commits (the sales fold): its cost too.
      await testsOwn.run(true, async () => {
        for (let tries = 0; tries < 100 && (await pendingSales()) > 0; tries++)
          await new Promise((done) => setTimeout(done, 20));
        await new Promise((done) => setTimeout(done, 50));
      });
    },
    () => testsOwn.getStore() === true,
  );
  test.jobs.fanOutNotifications = fanOut;
  const events = await eventsSince(since);
  const told = await countWrites(test.database, () => test.jobs.fanOutNotifications());
  expect(await eventsSince(since, 'waiting')).toBe(0);

  const own = paid.texts.filter((text) => !isSandboxProviders(text));
  // The sales fold is one statement, a transaction of its own without begin and commit: counted as one.
  const folds = own.filter((text) =>
    /^\s*with claimed as \(\s*delete from "pending_sales"/.test(text),
  ).length;
  const report = {
    statements: paid.statements,
    sandbox: paid.statements - own.length,
    own: own.length,
    commits: paid.commits,
    transactions: paid.commits + folds,
    events,
    fanOut: told.statements,
  };
  return { own, folds, commits: paid.commits, events, fanOut: told.statements, report };
}

describe('the statements of one paid checkout', () => {
  it('a 3-store cart with a coupon and a gift card: the checkout, its payment and its fan-out stay within their bounds', async () => {
    // Two lines in each of the three stores, a coupon on the first store, a gift card paying part of it.
    const products = [];
    for (const store of stores)
      for (let line = 0; line < 2; line++)
        products.push(
          await listedProduct(test, setup, store, {
            quantity: 50,
            pricing: [{ costPrice: 1000, sellingPrice: 4000, price: 4000 }],
          }),
        );
    const coupon = await storeCoupon(test, stores[0]!);
    const customer = await shopper(test);
    await appliedGiftCard(test, customer, 5_000);
    for (const [index, product] of products.entries())
      await addToCart(test, customer, product.id, 1 + (index % 2));
    const applied = await test.app.inject({
      ...requestOf(couponCustomerEndpoints.apply),
      headers: bearer(customer.token),
      payload: { code: coupon.code },
    });
    expect(applied.statusCode).toBe(200);

    const { own, folds, commits, events, fanOut, report } = await countPaidCheckout(customer, 5_000);
    console.log(
      `one paid checkout, 3 stores, a coupon and a gift card: ${JSON.stringify(report)}\n${own.join('\n')}`,
    );
    // Every line's stock, order row, item and ledger line is written in a statement per table, not per line.
    expect(own.length).toBeLessThanOrEqual(BOUND_WITH_COUPON_AND_GIFT_CARD);
    expect(folds).toBe(1);
    expect(commits + folds).toBeLessThanOrEqual(3);
    expect(events).toBeGreaterThan(0);
    expect(fanOut / events).toBeLessThanOrEqual(3);
  });

  it('a 2-store cart with neither coupon nor gift card (the bench’s): the payment is written with the checkout', async () => {
    const customer = await shopper(test);
    for (const store of stores.slice(1)) {
      const product = await listedProduct(test, setup, store, {
        quantity: 50,
        pricing: [{ costPrice: 1000, sellingPrice: 4000, price: 4000 }],
      });
      await addToCart(test, customer, product.id, 1);
    }
    const { own, folds, commits, events, fanOut, report } = await countPaidCheckout(customer, 0);
    console.log(`one paid checkout, 2 stores: ${JSON.stringify(report)}\n${own.join('\n')}`);
    // The checkout's rows and its payment's row are one statement; the books one; the mail's recipient is read with
    // the checkout's lock.
    expect(own.filter((text) => /^\s*insert into "payment_transactions"/.test(text))).toEqual([]);
    expect(
      own.filter(
        (text) => text.includes('insert into "order_trackers"') && text.includes('"payment_transactions"'),
      ),
    ).toHaveLength(1);
    expect(own.length).toBeLessThanOrEqual(BOUND_PLAIN);
    expect(commits + folds).toBeLessThanOrEqual(3);
    // The fan-out's bound per event is the cart's above: one checkout's events alone are one batch, whose
    // statements do not follow the number of its events (4 here, 6 there).
    expect(events).toBe(4);
    expect(fanOut).toBeGreaterThan(0);
  });
});
