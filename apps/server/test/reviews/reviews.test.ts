import {
  adminOrderEndpoints,
  customerOrderEndpoints,
  customerProductEndpoints,
  merchantDirectoryEndpoints,
  reviewEndpoints,
  systemEndpoints,
} from '@market/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/modules/orders/orders.schema.js';
import { createMemoryResponseCache } from '../../src/platform/http/response-cache.js';
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
import { requestOf, urlOf } from '../support/contract-requests.js';
import { moveOrder } from '../support/order-moves.js';
import { bearer, json, nextIp, type TestApp } from '../support/test-app.js';
import { type Carrier, type Dispatcher, world } from '../support/world.js';

// Issue 9: reviews of products and stores by customers who received them, the ratings computed from them, merchant
// replies and admin moderation, each call tried by the accounts that must not make it. The catalog cache is on, as
// in production, so a review must reach the cached product and store answers.

let test: TestApp;
let setup: CommerceSetup;
let store: SellingStore;
let otherStore: SellingStore;
let partner: Carrier;
let dispatcher: Dispatcher;

beforeAll(async () => {
  const market = await world({
    stores: 2,
    customers: 0,
    carriers: 1,
    dispatchers: 1,
    app: { responseCache: createMemoryResponseCache() },
  });
  ({ test, setup } = market);
  [store, otherStore] = market.stores;
  [partner] = market.carriers;
  [dispatcher] = market.dispatchers;
}, 180_000);
afterAll(() => test.close());

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
  test.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    remoteAddress: nextIp(),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

/** A customer who paid for the product; the order is still with the store (not delivered). */
async function paidOrder(productId: string, customer?: Shopper) {
  const buyer = customer ?? (await shopper(test));
  expect((await addToCart(test, buyer, productId, 1)).statusCode).toBe(200);
  const created = json(await checkout(test, buyer)).data;
  await payInSandbox(test, created.payment.authorizationUrl, 'success');
  return { customer: buyer, orderId: created.tracker.orders[0].id as string };
}

/** Moves an order through the whole chain to the customer's door, as the people of the chain do. */
async function deliverThroughChain(orderId: string, seller: SellingStore, customer: Shopper) {
  const move = (token: string, body: Record<string, unknown>) => moveOrder(test, orderId, token, body);
  for (const status of ['accepted', 'ready_for_pickup'])
    expect((await move(seller.accessToken, { status })).statusCode).toBe(200);
  const assigned = await call(
    'POST',
    urlOf(adminOrderEndpoints.assign, { params: { id: orderId } }),
    setup.admin.accessToken,
    {
      carrier: 'partner',
      partnerId: partner.id,
    },
  );
  expect(assigned.statusCode).toBe(200);
  for (const status of ['picked_up', 'out_for_delivery'])
    expect((await move(partner.accessToken, { status })).statusCode).toBe(200);
  const mine = json(
    await call('GET', urlOf(customerOrderEndpoints.one, { params: { id: orderId } }), customer.token),
  ).data;
  const delivered = await move(partner.accessToken, {
    status: 'delivered',
    deliveryToken: mine.orderDeliveryToken,
  });
  expect(delivered.statusCode).toBe(200);
}

/**
 * Many orders at once: paid through checkout, then marked delivered directly (the chain above is proven for one;
 * walking it for every customer of the concurrency tests would only add minutes).
 */
async function markDelivered(orderId: string, status: 'delivered' | 'completed' = 'delivered') {
  await test.deps.db.update(orders).set({ status, deliveredAt: new Date() }).where(eq(orders.id, orderId));
}

const productAnswer = async (productId: string) =>
  json(await call('GET', urlOf(customerProductEndpoints.one, { params: { id: productId } }))).data;
const storeAnswer = async (storeUrl: string) =>
  json(await call('GET', urlOf(merchantDirectoryEndpoints.one, { params: { storeUrl } }))).data;
const reviewProduct = (token: string, productId: string, rating: number, text = 'Works as described.') =>
  call('POST', urlOf(reviewEndpoints.reviewProduct), token, { productId, rating, text });

describe('product reviews by customers who received the product', () => {
  it('refuses a review without a delivered purchase (403), accepts one after delivery, once (409)', async () => {
    const product = await listedProduct(test, setup, store);
    const stranger = await shopper(test);
    const never = await reviewProduct(stranger.token, product.id, 5);
    expect(never.statusCode).toBe(403);
    expect(json(never)).toMatchObject({
      error: 'FORBIDDEN',
      message: 'You can review a product only after an order containing it has been delivered to you',
    });

    const { customer, orderId } = await paidOrder(product.id);
    const paidOnly = await reviewProduct(customer.token, product.id, 5);
    expect(paidOnly.statusCode).toBe(403);

    // Warm the catalog cache with the product before any review.
    expect((await productAnswer(product.id)).ratingCount).toBe(0);
    await deliverThroughChain(orderId, store, customer);
    const created = await reviewProduct(customer.token, product.id, 4, '  Charges two phones at once.  ');
    expect(created.statusCode).toBe(201);
    expect(json(created).data).toMatchObject({
      kind: 'product',
      rating: 4,
      text: 'Charges two phones at once.',
      authorName: 'Ada O.',
      verifiedPurchase: true,
      productId: product.id,
      storeId: store.storeId,
      hidden: false,
    });

    const again = await reviewProduct(customer.token, product.id, 1, 'Changed my mind.');
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe('You have already reviewed this product');

    // The cached product answer moved with the review: computed rating and count.
    const shown = await productAnswer(product.id);
    expect(shown).toMatchObject({ ratingAverage: 4, ratingCount: 1 });
    const list = json(
      await call('GET', urlOf(reviewEndpoints.productReviews, { params: { productId: product.id } })),
    ).data;
    expect(list.summary).toEqual({ average: 4, count: 1, breakdown: [0, 0, 0, 1, 0] });
    expect(list.reviews).toHaveLength(1);
    expect(list.reviews[0]).not.toHaveProperty('hidden');

    const mine = json(await call('GET', urlOf(reviewEndpoints.mine), customer.token)).data;
    expect(mine.reviews.map((review: { productId: string }) => review.productId)).toEqual([product.id]);
    const othersMine = json(await call('GET', urlOf(reviewEndpoints.mine), stranger.token)).data;
    expect(othersMine.reviews).toHaveLength(0);
  });

  it('counts completed orders as received too, and checks the rating and text', async () => {
    const product = await listedProduct(test, setup, store);
    const { customer, orderId } = await paidOrder(product.id);
    await markDelivered(orderId, 'completed');
    for (const rating of [0, 6, 3.5]) {
      const bad = await reviewProduct(customer.token, product.id, rating);
      expect(bad.statusCode).toBe(422);
      expect(json(bad).message).toBe('Choose a rating from 1 to 5');
    }
    expect((await reviewProduct(customer.token, product.id, 5, 'ok')).statusCode).toBe(422);
    expect((await reviewProduct(customer.token, product.id, 5)).statusCode).toBe(201);
  });

  it('lets no other kind of account write a review', async () => {
    const product = await listedProduct(test, setup, store);
    const anonymous = await call('POST', urlOf(reviewEndpoints.reviewProduct), undefined, {
      productId: product.id,
      rating: 5,
      text: 'Great product',
    });
    expect(anonymous.statusCode).toBe(401);
    for (const token of [store.accessToken, setup.admin.accessToken, partner.accessToken]) {
      const refused = await reviewProduct(token, product.id, 5);
      expect(refused.statusCode).toBe(403);
    }
    expect((await call('GET', urlOf(reviewEndpoints.mine), store.accessToken)).statusCode).toBe(403);
    expect((await call('GET', urlOf(reviewEndpoints.mine))).statusCode).toBe(401);
    expect(
      (
        await call(
          'GET',
          urlOf(reviewEndpoints.productReviews, {
            params: { productId: '00000000-0000-4000-8000-000000000000' },
          }),
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe('store (merchant) reviews', () => {
  it('needs a delivered order from that store; the store rating shows on the storefront', async () => {
    const product = await listedProduct(test, setup, store);
    const { customer, orderId } = await paidOrder(product.id);
    const body = { storeId: store.storeId, rating: 5, text: 'Careful packing and quick replies.' };
    expect((await call('POST', urlOf(reviewEndpoints.reviewStore), customer.token, body)).statusCode).toBe(
      403,
    );
    await markDelivered(orderId);
    const before = await storeAnswer(store.storeUrl);
    const created = await call('POST', urlOf(reviewEndpoints.reviewStore), customer.token, body);
    expect(created.statusCode).toBe(201);
    expect(json(created).data).toMatchObject({ kind: 'merchant', productId: null, storeId: store.storeId });
    // A delivery from this store is no ground to review another one.
    const elsewhere = await call('POST', urlOf(reviewEndpoints.reviewStore), customer.token, {
      ...body,
      storeId: otherStore.storeId,
    });
    expect(elsewhere.statusCode).toBe(403);
    expect(json(elsewhere).message).toBe(
      'You can review a store only after one of its orders has been delivered to you',
    );
    const again = await call('POST', urlOf(reviewEndpoints.reviewStore), customer.token, body);
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe('You have already reviewed this store');

    const after = await storeAnswer(store.storeUrl);
    expect(after.ratingCount).toBe(before.ratingCount + 1);
    const list = json(
      await call('GET', urlOf(reviewEndpoints.storeReviews, { params: { storeId: store.storeId } })),
    ).data;
    expect(list.summary.count).toBe(after.ratingCount);
    expect(list.summary.average).toBe(after.ratingAverage);
  });
});

describe('merchant replies', () => {
  it('lets the store reply to its own reviews only, and mails the author once', async () => {
    const product = await listedProduct(test, setup, store);
    const { customer, orderId } = await paidOrder(product.id);
    await markDelivered(orderId);
    const reviewId = json(await reviewProduct(customer.token, product.id, 3)).data.id as string;

    const inbox = json(
      await call(
        'GET',
        urlOf(reviewEndpoints.storeInbox, { query: { unanswered: 'true' } }),
        store.accessToken,
      ),
    ).data;
    expect(inbox.reviews.map((review: { id: string }) => review.id)).toContain(reviewId);
    const otherInbox = json(
      await call('GET', urlOf(reviewEndpoints.storeInbox), otherStore.accessToken),
    ).data;
    expect(otherInbox.reviews.map((review: { id: string }) => review.id)).not.toContain(reviewId);

    const url = urlOf(reviewEndpoints.reply, { params: { id: reviewId } });
    const reply = { reply: 'Sorry to hear that; we will call you.' };
    expect((await call('POST', url, otherStore.accessToken, reply)).statusCode).toBe(404);
    for (const token of [customer.token, setup.admin.accessToken, partner.accessToken])
      expect((await call('POST', url, token, reply)).statusCode).toBe(403);
    expect((await call('POST', url, undefined, reply)).statusCode).toBe(401);
    expect((await call('POST', url, store.accessToken, { reply: '' })).statusCode).toBe(422);

    const answered = await call('POST', url, store.accessToken, reply);
    expect(answered.statusCode).toBe(200);
    expect(json(answered).data.reply).toBe(reply.reply);
    const shown = json(
      await call('GET', urlOf(reviewEndpoints.productReviews, { params: { productId: product.id } })),
    ).data.reviews[0];
    expect(shown.reply).toBe(reply.reply);
    await call('POST', url, store.accessToken, { reply: 'We called you.' });
    // The development outbox answers this machine only (no remote address).
    const outbox = await test.app.inject(
      requestOf(systemEndpoints.outbox, { query: { to: customer.email, limit: 20 } }),
    );
    const mails = json(outbox).data as { subject: string }[];
    expect(mails.filter((mail) => mail.subject.endsWith('replied to your review'))).toHaveLength(1);
  });
});

describe('admin moderation', () => {
  it('hides a review from the lists and the rating, and shows it again', async () => {
    const product = await listedProduct(test, setup, store);
    const ids: string[] = [];
    for (const rating of [5, 1]) {
      const { customer, orderId } = await paidOrder(product.id);
      await markDelivered(orderId);
      ids.push(json(await reviewProduct(customer.token, product.id, rating)).data.id);
    }
    expect(await productAnswer(product.id)).toMatchObject({ ratingAverage: 3, ratingCount: 2 });

    const hideUrl = urlOf(reviewEndpoints.hide, { params: { id: ids[1]! } });
    const reason = { reason: 'Abusive language' };
    for (const token of [store.accessToken, dispatcher.accessToken, partner.accessToken])
      expect((await call('POST', hideUrl, token, reason)).statusCode).toBe(403);
    expect((await call('POST', hideUrl, undefined, reason)).statusCode).toBe(401);
    expect((await call('GET', urlOf(reviewEndpoints.adminList), store.accessToken)).statusCode).toBe(403);

    const hidden = await call('POST', hideUrl, setup.admin.accessToken, reason);
    expect(hidden.statusCode).toBe(200);
    expect(json(hidden).data).toMatchObject({ hidden: true, hiddenReason: 'Abusive language' });
    expect(await productAnswer(product.id)).toMatchObject({ ratingAverage: 5, ratingCount: 1 });
    const list = json(
      await call('GET', urlOf(reviewEndpoints.productReviews, { params: { productId: product.id } })),
    ).data;
    expect(list.reviews.map((review: { id: string }) => review.id)).toEqual([ids[0]]);
    const moderation = json(
      await call(
        'GET',
        urlOf(reviewEndpoints.adminList, { query: { hidden: 'true' } }),
        setup.admin.accessToken,
      ),
    ).data;
    expect(moderation.reviews.map((review: { id: string }) => review.id)).toContain(ids[1]);

    const shown = await call(
      'POST',
      urlOf(reviewEndpoints.unhide, { params: { id: ids[1]! } }),
      setup.admin.accessToken,
    );
    expect(shown.statusCode).toBe(200);
    expect(await productAnswer(product.id)).toMatchObject({ ratingAverage: 3, ratingCount: 2 });
    expect(
      (
        await call(
          'POST',
          urlOf(reviewEndpoints.unhide, { params: { id: '00000000-0000-4000-8000-000000000000' } }),
          setup.admin.accessToken,
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe('ratings under concurrent reviews', () => {
  it('keeps the product and store aggregates exact when many customers review at once', async () => {
    const product = await listedProduct(test, setup, otherStore, { quantity: 50 });
    const ratings = [5, 4, 3, 5, 2, 1, 4, 5, 3, 4];
    const buyers: Shopper[] = [];
    for (const _ of ratings) {
      const { customer, orderId } = await paidOrder(product.id);
      await markDelivered(orderId);
      buyers.push(customer);
    }
    const answers = await Promise.all(
      buyers.flatMap((buyer, index) => [
        reviewProduct(buyer.token, product.id, ratings[index]!),
        // the same customer twice at once: exactly one of the two is written
        reviewProduct(buyer.token, product.id, ratings[index]!),
        call('POST', urlOf(reviewEndpoints.reviewStore), buyer.token, {
          storeId: otherStore.storeId,
          rating: ratings[index],
          text: 'Good store',
        }),
      ]),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(ratings.length * 2);
    expect(statuses.filter((status) => status === 409)).toHaveLength(ratings.length);

    const average = Math.round((ratings.reduce((sum, value) => sum + value, 0) / ratings.length) * 100) / 100;
    expect(await productAnswer(product.id)).toMatchObject({
      ratingAverage: average,
      ratingCount: ratings.length,
    });
    const shop = await storeAnswer(otherStore.storeUrl);
    const list = json(
      await call('GET', urlOf(reviewEndpoints.storeReviews, { params: { storeId: otherStore.storeId } })),
    ).data;
    expect(shop.ratingCount).toBe(list.summary.count);
    expect(shop.ratingAverage).toBe(list.summary.average);
    expect(list.summary.count).toBeGreaterThanOrEqual(ratings.length);
  }, 240_000);
});
