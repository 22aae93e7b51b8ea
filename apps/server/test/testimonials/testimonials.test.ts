import { platformTestimonialEndpoints } from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { urlOf } from '../support/contract-requests.js';
import { bearer, json, nextIp, type TestApp } from '../support/test-app.js';
import { type Carrier, type Dispatcher, type World, world } from '../support/world.js';

// Platform testimonials (issue 9): customers send them, admins holding testimonials:moderate approve them, and only
// approved ones reach the public home page list.

let test: TestApp;
let customer: string;
let otherCustomer: string;
let admin: World['admin'];
let dispatcher: Dispatcher;
let merchant: string;
let partner: Carrier;

beforeAll(async () => {
  const market = await world({ stores: 0, merchants: 1, customers: 2, carriers: 1, dispatchers: 1 });
  ({ test, admin } = market);
  customer = market.customers[0].token;
  otherCustomer = market.customers[1].token;
  merchant = market.merchants[0].token;
  [dispatcher] = market.dispatchers;
  [partner] = market.carriers;
}, 120_000);
afterAll(() => test.close());

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
  test.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    remoteAddress: nextIp(),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const words = { text: 'Smooth checkout in naira and my order came in two days.', rating: 5 };

describe('platform testimonials', () => {
  it('shows a customer testimonial on the home page only after an admin approves it', async () => {
    const sent = await call('POST', urlOf(platformTestimonialEndpoints.send), customer, words);
    expect(sent.statusCode).toBe(201);
    expect(json(sent).message).toBe('Thank you! Your testimonial will show once our team has approved it.');
    const id = json(sent).data.id as string;
    expect(json(sent).data).toMatchObject({ status: 'pending', authorName: 'Ada O.' });
    expect(json(await call('GET', urlOf(platformTestimonialEndpoints.approved))).data).toEqual([]);

    const queue = json(
      await call('GET', urlOf(platformTestimonialEndpoints.adminList), admin.accessToken),
    ).data;
    expect(queue.testimonials.map((row: { id: string }) => row.id)).toEqual([id]);

    const approve = urlOf(platformTestimonialEndpoints.approve, { params: { id } });
    for (const token of [customer, merchant, dispatcher.accessToken, partner.accessToken])
      expect((await call('POST', approve, token)).statusCode).toBe(403);
    expect((await call('POST', approve)).statusCode).toBe(401);
    expect((await call('POST', approve, admin.accessToken)).statusCode).toBe(200);

    const shown = json(await call('GET', urlOf(platformTestimonialEndpoints.approved))).data;
    expect(shown).toHaveLength(1);
    expect(shown[0]).toEqual({
      id,
      text: words.text,
      rating: 5,
      authorName: 'Ada O.',
      createdAt: expect.any(String),
    });

    expect(
      (await call('POST', urlOf(platformTestimonialEndpoints.reject, { params: { id } }), admin.accessToken))
        .statusCode,
    ).toBe(200);
    expect(json(await call('GET', urlOf(platformTestimonialEndpoints.approved))).data).toEqual([]);
    const mine = json(await call('GET', urlOf(platformTestimonialEndpoints.mine), customer)).data;
    expect(mine.map((row: { status: string }) => row.status)).toEqual(['rejected']);
    expect(json(await call('GET', urlOf(platformTestimonialEndpoints.mine), otherCustomer)).data).toEqual([]);
  });

  it('is sent by customers only, checked, and limited to three waiting at once', async () => {
    for (const token of [merchant, admin.accessToken, partner.accessToken])
      expect((await call('POST', urlOf(platformTestimonialEndpoints.send), token, words)).statusCode).toBe(
        403,
      );
    expect((await call('POST', urlOf(platformTestimonialEndpoints.send), undefined, words)).statusCode).toBe(
      401,
    );
    expect(
      (
        await call('POST', urlOf(platformTestimonialEndpoints.send), otherCustomer, {
          ...words,
          text: 'short',
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (await call('POST', urlOf(platformTestimonialEndpoints.send), otherCustomer, { ...words, rating: 9 }))
        .statusCode,
    ).toBe(422);
    for (let index = 0; index < 3; index += 1)
      expect(
        (await call('POST', urlOf(platformTestimonialEndpoints.send), otherCustomer, words)).statusCode,
      ).toBe(201);
    expect(
      (await call('POST', urlOf(platformTestimonialEndpoints.send), otherCustomer, words)).statusCode,
    ).toBe(409);
    expect((await call('GET', urlOf(platformTestimonialEndpoints.adminList), merchant)).statusCode).toBe(403);
  });
});
