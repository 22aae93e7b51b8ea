import { contactEndpoints, systemEndpoints } from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_ALREADY_ANSWERED } from '../../src/modules/contact/contact.service.js';
import { requestOf, urlOf } from '../support/contract-requests.js';
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
  test.app.inject({ ...requestOf(contactEndpoints.send), payload: body, remoteAddress: ip });

describe('contact form', () => {
  it('stores the message, mails it to the platform and lists it for admins only', async () => {
    const sent = await send(message);
    expect(sent.statusCode).toBe(201);
    expect(json(sent).message).toBe('Thank you for reaching out. We will get back to you by email.');

    const outbox = json(
      await test.app.inject(requestOf(systemEndpoints.outbox, { query: { to: 'help@market.test' } })),
    ).data;
    expect(outbox[0].subject).toBe('Contact form: Where is my refund?');
    expect(outbox[0].text).toContain('chiamaka@example.ng');

    const admin = await createAdmin(test, 'admin');
    const listed = await test.app.inject({
      ...requestOf(contactEndpoints.adminList),
      headers: bearer(admin.accessToken),
    });
    expect(json(listed).data.messages[0]).toMatchObject({ ...message, id: json(sent).data.id });

    const customer = await createConfirmedAccount(test, 'customer');
    const customerToken = (await login(test, 'customer', customer.email)).accessToken;
    const dispatcher = await createAdmin(test, 'dispatcher');
    for (const token of [customerToken, dispatcher.accessToken]) {
      const refused = await test.app.inject({
        ...requestOf(contactEndpoints.adminList),
        headers: bearer(token),
      });
      expect(refused.statusCode).toBe(403);
    }
    expect((await test.app.inject(requestOf(contactEndpoints.adminList))).statusCode).toBe(401);
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

  it('admins reply by email (the message becomes answered) and set its status; others are refused and change nothing', async () => {
    const sent = await send({ ...message, email: 'tunde@example.ng', subject: 'Bulk order for a school' });
    const id = json(sent).data.id as string;
    const admin = await createAdmin(test, 'admin');
    const call = (method: 'PATCH' | 'POST', url: string, token: string | undefined, payload: unknown) =>
      test.app.inject({ method, url, payload: payload as object, headers: token ? bearer(token) : {} });
    const current = async () =>
      (
        json(
          await test.app.inject({
            ...requestOf(contactEndpoints.adminList, { query: { limit: 50 } }),
            headers: bearer(admin.accessToken),
          }),
        ).data.messages as { id: string; status: string; reply: string | null }[]
      ).find((row) => row.id === id)!;
    expect(await current()).toMatchObject({ status: 'new', reply: null });

    const customer = await createConfirmedAccount(test, 'customer');
    const customerToken = (await login(test, 'customer', customer.email)).accessToken;
    const dispatcher = await createAdmin(test, 'dispatcher');
    for (const token of [customerToken, dispatcher.accessToken]) {
      expect(
        (await call('POST', urlOf(contactEndpoints.reply, { params: { id } }), token, { reply: 'Hello' }))
          .statusCode,
      ).toBe(403);
      expect(
        (
          await call('PATCH', urlOf(contactEndpoints.setStatus, { params: { id } }), token, {
            status: 'closed',
          })
        ).statusCode,
      ).toBe(403);
    }
    expect(
      (
        await call('PATCH', urlOf(contactEndpoints.setStatus, { params: { id } }), undefined, {
          status: 'closed',
        })
      ).statusCode,
    ).toBe(401);
    expect(await current()).toMatchObject({ status: 'new', reply: null });

    const bad = await call(
      'PATCH',
      urlOf(contactEndpoints.setStatus, { params: { id } }),
      admin.accessToken,
      { status: 'done' },
    );
    expect(bad.statusCode).toBe(422);
    const empty = await call('POST', urlOf(contactEndpoints.reply, { params: { id } }), admin.accessToken, {
      reply: ' ',
    });
    expect(empty.statusCode).toBe(422);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (
        await call('POST', urlOf(contactEndpoints.reply, { params: { id: unknown } }), admin.accessToken, {
          reply: 'Hi',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          'PATCH',
          urlOf(contactEndpoints.setStatus, { params: { id: 'not-a-uuid' } }),
          admin.accessToken,
          { status: 'closed' },
        )
      ).statusCode,
    ).toBe(422);
    expect(await current()).toMatchObject({ status: 'new', reply: null });

    const replied = await call('POST', urlOf(contactEndpoints.reply, { params: { id } }), admin.accessToken, {
      reply: 'Yes, we can deliver 200 uniforms to Ibadan. A merchant will call you.',
    });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(json(replied).data).toMatchObject({
      status: 'answered',
      reply: expect.stringContaining('200 uniforms'),
    });
    const outbox = json(
      await test.app.inject(requestOf(systemEndpoints.outbox, { query: { to: 'tunde@example.ng' } })),
    ).data;
    // Issue 31: a fixed subject, never the visitor's text (ADR 066).
    expect(outbox[0].subject).toBe('Your message to Naija Market');
    expect(outbox[0].text).toContain('200 uniforms to Ibadan');
    // One greeting, and the day the message was sent as people write it, not an ISO stamp (issue 34 item 21).
    expect(outbox[0].text.match(/Hello/g)).toHaveLength(1);
    expect(outbox[0].text).toMatch(/contact form on \d{1,2} [A-Z][a-z]+ \d{4}\./);
    expect(outbox[0].text).not.toMatch(/\d{4}-\d{2}-\d{2}/);

    // One reply per message (issue 31): a second is refused with 409, mails nothing and keeps the first.
    const second = await call('POST', urlOf(contactEndpoints.reply, { params: { id } }), admin.accessToken, {
      reply: 'Following up on our reply.',
    });
    expect(second.statusCode).toBe(409);
    expect(json(second)).toMatchObject({ error: 'CONFLICT', message: CONTACT_ALREADY_ANSWERED });
    const outboxAfter = json(
      await test.app.inject(requestOf(systemEndpoints.outbox, { query: { to: 'tunde@example.ng' } })),
    ).data;
    expect(outboxAfter).toHaveLength(outbox.length);
    expect(await current()).toMatchObject({ reply: expect.stringContaining('200 uniforms') });

    const closed = await call(
      'PATCH',
      urlOf(contactEndpoints.setStatus, { params: { id } }),
      admin.accessToken,
      {
        status: 'closed',
      },
    );
    expect(closed.statusCode).toBe(200);
    expect(await current()).toMatchObject({ status: 'closed', reply: expect.stringContaining('uniforms') });
  });

  it("keeps the admin's own greeting and adds none of its own", async () => {
    const sent = await send({ ...message, email: 'bisi@example.ng', subject: 'Opening hours' });
    const admin = await createAdmin(test, 'admin');
    const replied = await test.app.inject({
      ...requestOf(contactEndpoints.reply, { params: { id: json(sent).data.id } }),
      payload: { reply: 'Dear Chiamaka,\n\nWe answer every day from 8 am to 8 pm.' },
      headers: bearer(admin.accessToken),
    });
    expect(replied.statusCode).toBe(200);
    const [mail] = json(
      await test.app.inject(
        requestOf(systemEndpoints.outbox, { query: { to: 'bisi@example.ng', limit: 1 } }),
      ),
    ).data;
    expect(mail.text).toContain('Dear Chiamaka,');
    expect(mail.text).not.toContain('Hello');
  });
});
