import { contactEndpoints, systemEndpoints } from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestOf } from '../support/contract-requests.js';
import {
  bearer,
  createAdmin,
  createTestApp,
  json,
  nextIp,
  type TestApp,
  tokenFromLink,
} from '../support/test-app.js';

// Issue 31, finding 4: the contact form takes any email, and the admin's reply quoted the visitor's message ("Your
// account is locked. Verify at http://evil.example/login…") to that address under the platform's name, again and
// again. Now: one reply per message, the visitor's text is quoted only once the address was confirmed from the
// first mail's link, and the reply says which address it answers.

let test: TestApp;
let admin: { accessToken: string };
beforeAll(async () => {
  test = await createTestApp();
  admin = await createAdmin(test, 'admin');
});
afterAll(() => test.close());

const bait = 'Your account is locked. Verify at http://evil.example/login before midnight.';
const outboxTo = async (to: string) =>
  json(await test.app.inject(requestOf(systemEndpoints.outbox, { query: { to } }))).data as {
    subject: string;
    text: string;
    links: string[];
  }[];

async function contact(email: string) {
  const sent = await test.app.inject({
    ...requestOf(contactEndpoints.send),
    remoteAddress: nextIp(),
    payload: { name: 'Ada Obi', email, subject: 'Account notice', message: bait },
  });
  expect(sent.statusCode).toBe(201);
  return json(sent).data.id as string;
}
const reply = (id: string, text = 'Thank you for writing. We looked into it.') =>
  test.app.inject({
    ...requestOf(contactEndpoints.reply, { params: { id } }),
    headers: bearer(admin.accessToken),
    payload: { reply: text },
  });

describe('contact replies cannot relay a visitor’s text', () => {
  it('an unconfirmed address: the first mail and the reply quote nothing the visitor wrote; one reply only', async () => {
    const victim = 'victim@example.ng';
    const id = await contact(victim);
    const [first] = await outboxTo(victim);
    expect(first!.subject).toBe('We received your message');
    expect(first!.text).not.toContain('evil');
    expect(first!.links.some((link) => link.includes('/contact-us/confirm/'))).toBe(true);

    expect((await reply(id)).statusCode).toBe(200);
    const [answer] = await outboxTo(victim);
    expect(answer!.subject).toBe('Your message to Naija Market');
    expect(answer!.text).toContain(`This answers the message sent from ${victim}`);
    expect(answer!.text).not.toContain('evil');
    expect(answer!.text).not.toContain('Account notice');

    const second = await reply(id, 'And again.');
    expect(second.statusCode).toBe(409);
    expect(json(second)).toMatchObject({ error: 'CONFLICT' });
    expect(await outboxTo(victim)).toHaveLength(2);
  });

  it('a confirmed address: the reply quotes the message, and the link works once', async () => {
    const sender = 'sender@example.ng';
    const id = await contact(sender);
    const [first] = await outboxTo(sender);
    const token = tokenFromLink(first!.links.find((link) => link.includes('/contact-us/confirm/'))!);
    const confirmed = await test.app.inject(requestOf(contactEndpoints.confirm, { params: { token } }));
    expect(confirmed.statusCode).toBe(200);
    expect(
      (await test.app.inject(requestOf(contactEndpoints.confirm, { params: { token } }))).statusCode,
    ).toBe(404);

    expect((await reply(id)).statusCode).toBe(200);
    const [answer] = await outboxTo(sender);
    expect(answer!.text).toContain('You wrote: "Your account is locked');
  });
});
