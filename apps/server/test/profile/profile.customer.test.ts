import { authEndpoints, customerProfileEndpoints, systemEndpoints } from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestOf, urlOf } from '../support/contract-requests.js';
import { multipart, pngBytes } from '../support/store-factory.js';
import {
  bearer,
  createAdmin,
  createConfirmedAccount,
  createPartner,
  createTestApp,
  json,
  latestLink,
  login,
  nextIp,
  PASSWORD,
  type TestApp,
  tokenFromLink,
  uniqueEmail,
} from '../support/test-app.js';

// The customer's own profile (issue 9): name, phone and photo; an email change confirmed by the new mailbox.

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
}, 60_000);
afterAll(() => test.close());

async function customer() {
  const account = await createConfirmedAccount(test, 'customer');
  const session = await login(test, 'customer', account.email);
  return { ...account, token: session.accessToken };
}
const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  test.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    remoteAddress: nextIp(),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

describe('customer profile', () => {
  it('shows and edits name and phone; other accounts cannot use it', async () => {
    const me = await customer();
    const other = await customer();
    const shown = json(await call('GET', urlOf(customerProfileEndpoints.get), me.token)).data;
    expect(shown).toMatchObject({ email: me.email, firstName: 'Ada', pendingEmail: null, image: null });

    const updated = await call('PUT', urlOf(customerProfileEndpoints.update), me.token, {
      firstName: 'Adaora',
      lastName: 'Obi-Eze',
      phoneNumber: '0803 123 4567',
    });
    expect(updated.statusCode).toBe(200);
    expect(json(updated).data).toMatchObject({
      firstName: 'Adaora',
      lastName: 'Obi-Eze',
      phoneNumber: '+2348031234567',
    });
    expect(json(await call('GET', urlOf(customerProfileEndpoints.get), other.token)).data.firstName).toBe(
      'Ada',
    );
    const badPhone = await call('PUT', urlOf(customerProfileEndpoints.update), me.token, {
      firstName: 'Adaora',
      lastName: 'Obi',
      phoneNumber: '+44 20 7946 0958',
    });
    expect(badPhone.statusCode).toBe(422);
    expect(
      (
        await call('PUT', urlOf(customerProfileEndpoints.update), me.token, {
          firstName: '',
          lastName: 'x',
          phoneNumber: null,
        })
      ).statusCode,
    ).toBe(422);

    const merchant = await createConfirmedAccount(test, 'merchant');
    const merchantToken = (await login(test, 'merchant', merchant.email)).accessToken;
    const admin = await createAdmin(test, 'admin');
    const partner = await createPartner(test);
    for (const token of [merchantToken, admin.accessToken, partner.accessToken]) {
      expect((await call('GET', urlOf(customerProfileEndpoints.get), token)).statusCode).toBe(403);
      expect(
        (
          await call('PUT', urlOf(customerProfileEndpoints.update), token, {
            firstName: 'X',
            lastName: 'Y',
            phoneNumber: null,
          })
        ).statusCode,
      ).toBe(403);
    }
    expect((await call('GET', urlOf(customerProfileEndpoints.get))).statusCode).toBe(401);
  });

  it('takes a photo through the image pipeline and removes it', async () => {
    const me = await customer();
    const form = multipart('photo', 'me.png', 'image/png', await pngBytes(300, 300));
    const uploaded = await test.app.inject({
      ...requestOf(customerProfileEndpoints.photo),
      headers: { ...bearer(me.token), ...form.headers },
      payload: form.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    const image = json(uploaded).data.image as string;
    expect(image).toMatch(/^\/media\/images\/[0-9a-f-]{36}-\d+\.webp$/);
    expect((await test.app.inject({ method: 'GET', url: image })).statusCode).toBe(200);
    expect(json(await call('GET', urlOf(authEndpoints.userData), me.token)).data.image).toBe(image);

    const notImage = multipart('photo', 'me.png', 'image/png', Buffer.from('not a picture'));
    const refused = await test.app.inject({
      ...requestOf(customerProfileEndpoints.photo),
      headers: { ...bearer(me.token), ...notImage.headers },
      payload: notImage.payload,
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);

    const removed = await call('DELETE', urlOf(customerProfileEndpoints.removePhoto), me.token);
    expect(json(removed).data.image).toBeNull();
  });

  it('changes the email only when the new address confirms it', async () => {
    const me = await customer();
    const other = await customer();
    const newEmail = uniqueEmail('moved');
    const wrong = await call('POST', urlOf(customerProfileEndpoints.changeEmail), me.token, {
      newEmail,
      password: 'wrong-pass',
    });
    expect(wrong.statusCode).toBe(422);
    const taken = await call('POST', urlOf(customerProfileEndpoints.changeEmail), me.token, {
      newEmail: other.email,
      password: PASSWORD,
    });
    expect(taken.statusCode).toBe(409);

    const asked = await call('POST', urlOf(customerProfileEndpoints.changeEmail), me.token, {
      newEmail,
      password: PASSWORD,
    });
    expect(asked.statusCode).toBe(200);
    expect(json(asked).message).toBe(
      'We have sent a confirmation link to your new email address. Your email changes when you follow it.',
    );
    const pending = json(await call('GET', urlOf(customerProfileEndpoints.get), me.token)).data;
    expect(pending).toMatchObject({ email: me.email, pendingEmail: newEmail });
    // Still the old address until confirmed.
    await login(test, 'customer', me.email);

    const link = await latestLink(test, newEmail);
    expect(link).toContain('/customer/confirm-email-change/');
    const token = tokenFromLink(link);
    const confirmed = await call(
      'POST',
      urlOf(customerProfileEndpoints.confirmEmailChange, { params: { token } }),
    );
    expect(confirmed.statusCode).toBe(200);
    expect(json(confirmed).data.email).toBe(newEmail);
    expect(
      (await call('POST', urlOf(customerProfileEndpoints.confirmEmailChange, { params: { token } })))
        .statusCode,
    ).toBe(404);

    await login(test, 'customer', newEmail);
    const oldLogin = await test.app.inject({
      ...requestOf(authEndpoints.customer.login),
      payload: { email: me.email, password: PASSWORD },
      remoteAddress: nextIp(),
    });
    expect(oldLogin.statusCode).toBe(401);
    const told = json(await test.app.inject(requestOf(systemEndpoints.outbox, { query: { to: me.email } })))
      .data[0];
    expect(told.subject).toBe('Your email address was changed');
  });
});
