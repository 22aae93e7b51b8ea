import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAdmin,
  createConfirmedAccount,
  createTestApp,
  json,
  login,
  nextIp,
  type TestApp,
} from '../support/test-app.js';

// The contact form of section 7 (POST /contact-us/contact-us): stored for admins, mailed to CONTACT_EMAIL, limited.

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ env: { CONTACT_EMAIL: 'help@market.test' } });
}, 60_000);
afterAll(() => test.close());

const message = {
  name: 'Chiamaka Eze',
  email: 'chiamaka@example.ng',
  subject: 'Where is my refund?',
  message: 'I returned a phone last week and have not seen the refund yet.',
};
const send = (body: Record<string, unknown>, ip = nextIp()) =>
  test.app.inject({ method: 'POST', url: '/api/contact-us/contact-us', payload: body, remoteAddress: ip });

describe('contact form', () => {
  it('stores the message, mails it to the platform and lists it for admins only', async () => {
    const sent = await send(message);
    expect(sent.statusCode).toBe(201);
    expect(json(sent).message).toBe('Thank you for reaching out. We will get back to you by email.');

    const outbox = json(
      await test.app.inject({ method: 'GET', url: '/api/dev/outbox?to=help@market.test' }),
    ).data;
    expect(outbox[0].subject).toBe('Contact form: Where is my refund?');
    expect(outbox[0].text).toContain('chiamaka@example.ng');

    const admin = await createAdmin(test, 'admin');
    const listed = await test.app.inject({
      method: 'GET',
      url: '/api/contact-us/admin',
      headers: bearer(admin.accessToken),
    });
    expect(json(listed).data.messages[0]).toMatchObject({ ...message, id: json(sent).data.id });

    const customer = await createConfirmedAccount(test, 'customer');
    const customerToken = (await login(test, 'customer', customer.email)).accessToken;
    const dispatcher = await createAdmin(test, 'dispatcher');
    for (const token of [customerToken, dispatcher.accessToken]) {
      const refused = await test.app.inject({
        method: 'GET',
        url: '/api/contact-us/admin',
        headers: bearer(token),
      });
      expect(refused.statusCode).toBe(403);
    }
    expect((await test.app.inject({ method: 'GET', url: '/api/contact-us/admin' })).statusCode).toBe(401);
  });

  it('answers 422 for a missing field and 429 past the limit', async () => {
    const missing = await send({ ...message, email: 'not-an-email' });
    expect(missing.statusCode).toBe(422);
    expect(json(missing).message).toBe('Enter a valid email address');
    const ip = nextIp();
    const statuses: number[] = [];
    for (let index = 0; index < 7; index += 1)
      statuses.push((await send({ ...message, email: `flood${index}@example.ng` }, ip)).statusCode);
    // ten an hour from one address, whatever the emails
    expect(statuses.every((status) => status === 201)).toBe(true);
    const more: number[] = [];
    for (let index = 0; index < 5; index += 1)
      more.push((await send({ ...message, email: `flood${index + 10}@example.ng` }, ip)).statusCode);
    expect(more.slice(0, 3)).toEqual([201, 201, 201]);
    expect(more.slice(3)).toEqual([429, 429]);
    // one email from many addresses is limited too (5 an hour)
    const sameEmail: number[] = [];
    for (let index = 0; index < 6; index += 1)
      sameEmail.push((await send({ ...message, email: 'same@example.ng' })).statusCode);
    expect(sameEmail.at(-1)).toBe(429);
    expect(sameEmail.slice(0, 5).every((status) => status === 201)).toBe(true);
  });
});
