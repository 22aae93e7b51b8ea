import { Writable } from 'node:stream';
import { errorEnvelope } from '@market/contracts';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/platform/config.js';
import { loggerOptions } from '../../src/platform/logger.js';
import {
  bearer,
  createConfirmedAccount,
  createTestApp,
  json,
  login,
  nextIp,
  PASSWORD,
  type TestApp,
  uniqueEmail,
} from '../support/test-app.js';

let test: TestApp;
let merchantToken: string;
beforeAll(async () => {
  test = await createTestApp();
  const merchant = await createConfirmedAccount(test, 'merchant');
  merchantToken = (await login(test, 'merchant', merchant.email)).accessToken;
});
afterAll(() => test.close());

function expectEnvelope(response: { statusCode: number; body: string }, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = json(response);
  expect(errorEnvelope.safeParse(body).success, response.body).toBe(true);
  expect(body.error).toBe(code);
  // Nothing of Fastify's own shape or internal codes leaks.
  expect(response.body).not.toMatch(/FST_|statusCode/);
}

describe('a NUL character in any string is a 422 naming the field', () => {
  it('refuses NUL in a JSON body field (sign-up names)', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/auth/customer/signup',
      remoteAddress: nextIp(),
      payload: {
        firstName: 'Ada\u0000',
        lastName: 'Obi',
        email: uniqueEmail(),
        password: PASSWORD,
        phoneNumber: '08031234567',
      },
    });
    expectEnvelope(response, 422, 'VALIDATION_ERROR');
    expect(json(response).details).toEqual([{ path: 'firstName', message: expect.stringMatching(/NUL/) }]);
  });

  it('refuses NUL in a nested body field and in a body key', async () => {
    const nested = await test.app.inject({
      method: 'POST',
      url: '/api/partner/partner/signup',
      remoteAddress: nextIp(),
      payload: { company: { companyName: 'Riders\u0000' } },
    });
    expectEnvelope(nested, 422, 'VALIDATION_ERROR');
    expect(json(nested).details?.[0]?.path).toBe('company.companyName');
    const key = await test.app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      remoteAddress: nextIp(),
      payload: { 'email\u0000': 'a@b.ng', password: 'x' },
    });
    expectEnvelope(key, 422, 'VALIDATION_ERROR');
  });

  it('refuses NUL in a query value (search) and a path parameter (store URL)', async () => {
    const search = await test.app.inject({ method: 'GET', url: '/api/merchants?search=ab%00cd' });
    expectEnvelope(search, 422, 'VALIDATION_ERROR');
    expect(json(search).details?.[0]?.path).toBe('query.search');
    const storeUrl = await test.app.inject({ method: 'GET', url: '/api/merchants/ab%00cd' });
    expectEnvelope(storeUrl, 422, 'VALIDATION_ERROR');
    expect(json(storeUrl).details?.[0]?.path).toBe('params.storeUrl');
  });

  it('refuses NUL in a multipart file name', async () => {
    const boundary = 'nulboundary';
    const payload = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="cac\u0000.pdf"',
      'Content-Type: application/pdf',
      '',
      '%PDF-1.4 hello',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/auth/merchant/onboard/documents?kind=id-document',
      headers: { ...bearer(merchantToken), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expectEnvelope(response, 422, 'VALIDATION_ERROR');
    expect(json(response).details?.[0]?.path).toBe('file.filename');
  });
});

describe('malformed multipart bodies are a 400 envelope', () => {
  const uploads = [
    { url: '/api/auth/merchant/onboard/documents?kind=id-document', field: 'file' },
    { url: '/api/stores/profile/logo', field: 'logo' },
    { url: '/api/products/images', field: 'image' },
  ];

  it.each(uploads)('$url: no boundary', async ({ url }) => {
    const response = await test.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(merchantToken), 'content-type': 'multipart/form-data' },
      payload: 'hello',
    });
    expectEnvelope(response, 400, 'BAD_REQUEST');
  });

  it.each(uploads)('$url: truncated body', async ({ url, field }) => {
    const response = await test.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(merchantToken), 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: `--xyz\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG`,
    });
    expectEnvelope(response, 400, 'BAD_REQUEST');
  });
});

describe('router and protocol errors are the envelope with a declared code', () => {
  it('a path parameter over the router limit is 414 URI_TOO_LONG without echoing the path', async () => {
    const response = await test.app.inject({ method: 'GET', url: `/api/merchants/${'a'.repeat(400)}` });
    expectEnvelope(response, 414, 'URI_TOO_LONG');
    expect(response.body).not.toContain('aaaa');
  });

  it('a bad percent-encoding is 400 BAD_REQUEST', async () => {
    for (const url of ['/api/merchants/%E0%A4%A', '/shipping-api/vehicle/%zz', '/themes-api/%c0']) {
      const response = await test.app.inject({ method: 'GET', url });
      expectEnvelope(response, 400, 'BAD_REQUEST');
      expect(response.body).not.toContain('%');
    }
  });

  it('a very long URL is 414', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: `/api/products?search=${'x'.repeat(9000)}`,
    });
    expectEnvelope(response, 414, 'URI_TOO_LONG');
  });

  it('unknown paths on every surface and the media prefix are 404 NOT_FOUND', async () => {
    for (const url of ['/api/nope', '/shipping-api/nope', '/themes-api/nope', '/media/nope.webp']) {
      expectEnvelope(await test.app.inject({ method: 'GET', url }), 404, 'NOT_FOUND');
    }
    expectEnvelope(await test.app.inject({ method: 'POST', url: '/nope/at/all' }), 404, 'NOT_FOUND');
  });

  it('a known path with another method is 405 METHOD_NOT_ALLOWED with an Allow header', async () => {
    const response = await test.app.inject({ method: 'DELETE', url: '/api/auth/customer/login' });
    expectEnvelope(response, 405, 'METHOD_NOT_ALLOWED');
    expect(response.headers.allow).toContain('POST');
    const withParam = await test.app.inject({ method: 'PUT', url: '/api/merchants/some-store' });
    expectEnvelope(withParam, 405, 'METHOD_NOT_ALLOWED');
  });

  it('QUERY, which nothing serves, is 405 on a known path and 404 elsewhere, not 400 (issue 34 item 31)', async () => {
    const known = await test.app.inject({
      method: 'QUERY' as 'GET',
      url: '/api/products/customer/getallproducts',
    });
    expectEnvelope(known, 405, 'METHOD_NOT_ALLOWED');
    expect(known.headers.allow).toContain('GET');
    expectEnvelope(await test.app.inject({ method: 'QUERY' as 'GET', url: '/api/nope' }), 404, 'NOT_FOUND');
  });

  it('a fixed path is not taken for the id of its templated sibling: GET of a POST-only path is 405', async () => {
    const shadowed = await test.app.inject({ method: 'GET', url: '/api/auth/admin/create' });
    expectEnvelope(shadowed, 405, 'METHOD_NOT_ALLOWED');
    expect(shadowed.headers.allow).toBe('POST');
    // The templated route itself still answers as before (a sign-in first).
    const byId = await test.app.inject({ method: 'GET', url: `/api/auth/admin/${crypto.randomUUID()}` });
    expectEnvelope(byId, 401, 'UNAUTHORIZED');
  });

  it('an oversized body is 413 PAYLOAD_TOO_LARGE and an unknown content type 415', async () => {
    const large = await test.app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.ng', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expectEnvelope(large, 413, 'PAYLOAD_TOO_LARGE');
    const xml = await test.app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expectEnvelope(xml, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('deeply nested JSON is a 400, never a 5xx', async () => {
    const depth = 100_000;
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":${'['.repeat(depth)}${']'.repeat(depth)}}`,
    });
    expectEnvelope(response, 400, 'BAD_REQUEST');
  });
});

describe('logs never carry secrets', () => {
  function capture() {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    return { lines, logger: pino(loggerOptions(loadConfig({}), true), stream) };
  }

  it('drops the parameters of a failed query, also when wrapped as a cause', () => {
    const { lines, logger } = capture();
    const databaseError = Object.assign(new Error('invalid byte sequence'), {
      query: 'insert into users (email, password_hash) values ($1, $2)',
      params: ['ada@example.ng', '$argon2id$v=19$m=19456,t=2,p=1$secret-hash'],
      parameters: ['$argon2id$secret-hash'],
    });
    const wrapped = new Error('Failed query', { cause: databaseError });
    Object.assign(wrapped, { params: ['$argon2id$outer-hash'] });
    logger.error({ err: wrapped }, 'unhandled error');
    const text = lines.join('');
    expect(text).toContain('Failed query');
    expect(text).not.toContain('argon2id');
    expect(text).not.toContain('ada@example.ng');
  });

  it('redacts authorization, cookies, tokens, passwords and hashes', () => {
    const { lines, logger } = capture();
    logger.info(
      {
        req: { headers: { authorization: 'Bearer abc.def.ghi', cookie: 'refresh=xyz' } },
        body: { password: 'hunter22', refreshToken: 'r-token', passwordHash: '$argon2id$h', token: 't-1' },
      },
      'probe',
    );
    const text = lines.join('');
    for (const secret of ['abc.def.ghi', 'refresh=xyz', 'hunter22', 'r-token', '$argon2id$h', 't-1']) {
      expect(text).not.toContain(secret);
    }
  });

  it('redacts secret fields at the top, one and two levels down, in arrays, in child bindings, and keeps the rest', () => {
    const { lines, logger } = capture();
    const logged = {
      token: 'top-token',
      account: { email: 'ada@example.ng', newPassword: 'nested-pass' },
      batch: [{ accessToken: 'array-token' }],
      res: { headers: { 'set-cookie': 'session=cookie-value' } },
      deep: { inner: { secret: 'two-down' } },
    };
    logger.child({ refreshToken: 'bound-token' }).info(logged, 'probe');
    const line = JSON.parse(lines.join('')) as Record<string, unknown>;
    const text = JSON.stringify(line);
    for (const secret of [
      'top-token',
      'nested-pass',
      'array-token',
      'cookie-value',
      'two-down',
      'bound-token',
    ])
      expect(text).not.toContain(secret);
    expect(line.account).toEqual({ email: 'ada@example.ng', newPassword: '[redacted]' });
    expect(line.msg).toBe('probe');
    // The caller's object is not changed by the censoring.
    expect(logged.account.newPassword).toBe('nested-pass');
  });
});
