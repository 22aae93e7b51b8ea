import { authEndpoints, systemEndpoints } from '@market/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/modules/auth/auth.schema.js';
import { requestOf, urlOf } from '../support/contract-requests.js';
import {
  createTestApp,
  json,
  latestLink,
  nextIp,
  PASSWORD,
  type TestApp,
  tokenFromLink,
  uniqueEmail,
} from '../support/test-app.js';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const customerBody = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Chiamaka',
  lastName: 'Okeke',
  email: uniqueEmail('signup'),
  password: PASSWORD,
  phoneNumber: '0803 123 4567',
  ...overrides,
});

export const partnerBody = (email = uniqueEmail('partner')) => ({
  company: {
    companyName: 'Kwik Riders Ltd',
    rcNumber: 'RC998877',
    officeAddress: '3 Allen Avenue, Ikeja, Lagos',
    phoneNumber: '+234 809 111 2222',
    email,
    contactPerson: 'Bola Ahmed',
    lineOfBusiness: 'Courier',
  },
  bankDetails: { bankName: 'GTBank', accountName: 'Kwik Riders Ltd', accountNumber: '0123456789' },
  certification: { name: 'Bola Ahmed', designation: 'CEO', signature: 'B. Ahmed', date: '2026-11-01' },
  password: PASSWORD,
});

const post = (url: string, payload: unknown) =>
  test.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: nextIp() });

describe('customer sign-up', () => {
  it('creates an unconfirmed customer, normalises the phone number and mails a confirmation link', async () => {
    const body = customerBody({ email: `  Mixed.Case.${Date.now()}@Example.NG ` });
    const response = await post(urlOf(authEndpoints.customer.signup), body);
    expect(response.statusCode).toBe(201);
    const { user } = json(response).data;
    expect(user).toMatchObject({
      email: body.email.trim().toLowerCase(),
      phoneNumber: '+2348031234567',
      accountType: 'customer',
      emailConfirmed: false,
    });
    expect(user).not.toHaveProperty('passwordHash');
    // Stored with the product's argon2id cost (OWASP's 19 MiB, two passes), which a cheaper setting would weaken.
    const [stored] = await test.database.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, user.email));
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    const link = await latestLink(test, user.email);
    expect(link).toMatch(/^http:\/\/localhost:3000\/customer\/confirm-email\/[\w-]{40,}$/);
  });

  it.each(['customer', 'merchant'] as const)(
    '%s: a known email gets the answer of a new sign-up, whatever its case, and its owner is mailed instead',
    async (kind) => {
      const body = {
        ...customerBody(),
        ...(kind === 'merchant' ? { storeName: `Signup Twice ${Date.now()}` } : {}),
      };
      const first = await post(urlOf(authEndpoints[kind].signup), body);
      expect(first.statusCode).toBe(201);
      const confirmation = await latestLink(test, body.email);
      const again = await post(urlOf(authEndpoints[kind].signup), {
        ...body,
        email: body.email.toUpperCase(),
        firstName: 'Intruder',
        password: 'An0ther-Password',
        ...(kind === 'merchant' ? { storeName: `Signup Other ${Date.now()}` } : {}),
      });
      expect(again.statusCode).toBe(201);
      const [a, b] = [json(first), json(again)];
      expect(b.message).toBe(a.message);
      expect(Object.keys(b.data.user).sort()).toEqual(Object.keys(a.data.user).sort());
      expect(b.data.user).toMatchObject({ email: body.email, firstName: 'Intruder', emailConfirmed: false });
      expect(b.data.user.id).not.toBe(a.data.user.id);
      // The owner hears about it; the account, its password and its pending confirmation are untouched.
      const outbox = await test.app.inject(
        requestOf(systemEndpoints.outbox, { query: { to: body.email, limit: 1 } }),
      );
      const mail = json(outbox).data[0];
      expect(mail.subject).toBe('Someone tried to sign up with your email');
      expect(mail.text).toContain('forgot-password');
      const confirmed = await test.app.inject({
        ...requestOf(authEndpoints[kind].confirm, { params: { token: tokenFromLink(confirmation) } }),
      });
      expect(confirmed.statusCode).toBe(200);
      const signIn = await post(urlOf(authEndpoints[kind].login), { email: body.email, password: PASSWORD });
      expect(signIn.statusCode).toBe(200);
      expect(json(signIn).data.user.firstName).toBe(body.firstName);
    },
  );

  it('lets the same email hold a customer and a merchant account', async () => {
    const body = customerBody();
    expect((await post(urlOf(authEndpoints.customer.signup), body)).statusCode).toBe(201);
    const merchant = await post(urlOf(authEndpoints.merchant.signup), {
      ...body,
      storeName: 'Same Person Stores',
    });
    expect(merchant.statusCode).toBe(201);
  });

  it.each([
    [{ firstName: '' }, 'firstName', 'First name is required'],
    [{ email: 'not-an-email' }, 'email', 'Enter a valid email address'],
    [{ password: 'short' }, 'password', 'Password must be at least 8 characters'],
    [{ phoneNumber: 'abc' }, 'phoneNumber', 'Enter a valid phone number'],
    [{ phoneNumber: '+44 20 7946 0958' }, 'phoneNumber', 'Enter a valid Nigerian phone number'],
  ])('rejects %o with 422 and details, creating nothing', async (override, path, message) => {
    const body = customerBody(override);
    const response = await post(urlOf(authEndpoints.customer.signup), body);
    expect(response.statusCode).toBe(422);
    const answer = json(response);
    expect(answer.error).toBe('VALIDATION_ERROR');
    expect(answer.message).toBe(message);
    expect(answer.details).toContainEqual({ path, message });
    const mails = await test.app.inject(requestOf(systemEndpoints.outbox, { query: { to: body.email } }));
    expect(json(mails).data).toHaveLength(0);
  });

  it('answers 400 for malformed JSON without a stack trace', async () => {
    const response = await test.app.inject({
      ...requestOf(authEndpoints.customer.signup),
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.ng",',
    });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({ message: 'The request body is not valid JSON', error: 'BAD_REQUEST' });
    expect(response.body).not.toMatch(/at .*\.(ts|js):\d+/);
    expect(response.headers['x-request-id']).toBeTruthy();
  });
});

describe('merchant sign-up', () => {
  it('creates the store with a unique storeUrl slug', async () => {
    // Two names (store names are unique) with one slug.
    const first = await post(
      urlOf(authEndpoints.merchant.signup),
      customerBody({ storeName: 'Mama Put & Sons' }),
    );
    const second = await post(
      urlOf(authEndpoints.merchant.signup),
      customerBody({ storeName: 'Mama Put and Sons' }),
    );
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    const a = json(first).data.user;
    const b = json(second).data.user;
    expect(a.storeName).toBe('Mama Put & Sons');
    expect(a.storeUrl).toMatch(/^mama-put-and-sons(-\d+)?$/);
    expect(b.storeUrl).toMatch(/^mama-put-and-sons(-\d+)?$/);
    expect(a.storeUrl).not.toBe(b.storeUrl);
    expect(a.accountType).toBe('merchant');
  });

  it('requires a store name', async () => {
    const response = await post(urlOf(authEndpoints.merchant.signup), customerBody());
    expect(response.statusCode).toBe(422);
    expect(json(response).details?.[0]?.path).toBe('storeName');
  });
});

describe('shipping partner sign-up', () => {
  it('takes the onboarding payload, answers the partner shape and confirms through its own path', async () => {
    const body = partnerBody();
    const response = await post(urlOf(authEndpoints.partner.signup), body);
    expect(response.statusCode).toBe(201);
    expect(json(response).data.user).toMatchObject({
      name: 'Kwik Riders Ltd',
      shippingCompany: 'Kwik Riders Ltd',
      email: body.company.email,
      accountType: 'shippingPartner',
    });
    const link = await latestLink(test, body.company.email);
    expect(link).toContain('/shipping-partner/confirm-email/');
    const confirm = await test.app.inject(
      requestOf(authEndpoints.partner.confirm, { params: { token: tokenFromLink(link) } }),
    );
    expect(confirm.statusCode).toBe(200);
    const login = await post(urlOf(authEndpoints.partner.login), {
      email: body.company.email,
      password: PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    expect(json(login).data.user.shippingCompany).toBe('Kwik Riders Ltd');
  });

  it('rejects a bank account number that is not 10 digits', async () => {
    const body = partnerBody();
    body.bankDetails.accountNumber = '12345';
    const response = await post(urlOf(authEndpoints.partner.signup), body);
    expect(response.statusCode).toBe(422);
    expect(json(response).details).toContainEqual({
      path: 'bankDetails.accountNumber',
      message: 'Account number must be 10 digits',
    });
  });

  it('a second application with a known email gets the answer of a new one; its owner is mailed instead', async () => {
    // Issue 24: a 409 here told anyone which emails belong to shipping partners.
    const body = partnerBody();
    const first = await post(urlOf(authEndpoints.partner.signup), body);
    expect(first.statusCode).toBe(201);
    const confirmation = await latestLink(test, body.company.email);
    const again = await post(urlOf(authEndpoints.partner.signup), {
      ...body,
      company: {
        ...body.company,
        email: body.company.email.toUpperCase(),
        companyName: 'Intruder Logistics',
      },
      password: 'An0ther-Password',
    });
    expect(again.statusCode).toBe(201);
    const [a, b] = [json(first), json(again)];
    expect(b.message).toBe(a.message);
    expect(Object.keys(b.data.user).sort()).toEqual(Object.keys(a.data.user).sort());
    expect(b.data.user).toMatchObject({
      email: body.company.email,
      name: 'Intruder Logistics',
      lastLogin: null,
    });
    expect(b.data.user.id).not.toBe(a.data.user.id);
    const outbox = await test.app.inject(
      requestOf(systemEndpoints.outbox, { query: { to: body.company.email, limit: 1 } }),
    );
    expect(json(outbox).data[0].subject).toBe('Someone tried to sign up with your email');
    // The first application, its password and its pending confirmation are untouched.
    const confirmed = await test.app.inject(
      requestOf(authEndpoints.partner.confirm, { params: { token: tokenFromLink(confirmation) } }),
    );
    expect(confirmed.statusCode).toBe(200);
    const signIn = await post(urlOf(authEndpoints.partner.login), {
      email: body.company.email,
      password: PASSWORD,
    });
    expect(signIn.statusCode).toBe(200);
    expect(json(signIn).data.user.name).toBe(body.company.companyName);
  });
});
