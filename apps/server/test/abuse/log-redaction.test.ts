import { Writable } from 'node:stream';
import {
  allEndpoints,
  authEndpoints,
  fillPath,
  productEndpoints,
  SECRET_PATH_PARAMS,
  surfaceBases,
} from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../src/platform/logger.js';
import { urlOf } from '../support/contract-requests.js';
import { createTestApp, nextIp, type TestApp } from '../support/test-app.js';

// Issue 31, finding 8: the request log kept reset-password and confirmation tokens and 7-day theme preview tokens
// from URLs. Every contract route whose path carries a secret is requested here with a marker and the log is read;
// a new route with a `:token` parameter is covered without touching this file.

const lines: string[] = [];
const destination = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ logger: true, logDestination: destination, env: { LOG_LEVEL: 'info' } });
});
afterAll(() => test.close());

const secretParam = (name: string) => (SECRET_PATH_PARAMS as readonly string[]).includes(name);
const paramsOf = (path: string) => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
const withSecret = allEndpoints().filter((endpoint) => paramsOf(endpoint.path).some(secretParam));

describe('secrets in paths never reach the log', () => {
  it('finds the routes that carry one (reset, confirmation, email change, theme preview)', () => {
    const paths = withSecret.map((endpoint) => endpoint.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/auth/merchant/resetpassword/:token',
        '/auth/customer/confirmation/:token',
        '/auth/customer/confirm-email-change/:token',
        '/preview/:token',
      ]),
    );
    // A parameter that looks like a secret but is not named as one would slip past the redaction.
    for (const endpoint of allEndpoints())
      for (const name of paramsOf(endpoint.path))
        if (/token|secret|otp|code|key|signature/i.test(name))
          expect(secretParam(name), `${endpoint.path} :${name}`).toBe(true);
  });

  it.each(withSecret.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const))(
    '%s',
    async (_name, endpoint) => {
      const marker = `SeCrEt${Math.random().toString(36).slice(2)}abcdefghijklmnop`;
      const params = Object.fromEntries(paramsOf(endpoint.path).map((name) => [name, marker]));
      const url = `${surfaceBases[endpoint.surface]}${fillPath(endpoint.path, params)}?token=${marker}`;
      const before = lines.length;
      await test.app.inject({
        method: endpoint.method,
        url,
        remoteAddress: nextIp(),
        ...(endpoint.method === 'GET'
          ? {}
          : { payload: { password: 'Sup3rSecret!', confirmPassword: 'Sup3rSecret!' } }),
      });
      const logged = lines.slice(before).join('');
      expect(logged).toContain('"msg":"request"');
      expect(logged).toContain('[redacted]');
      expect(logged).not.toContain(marker);
    },
  );

  it.each([
    '/customer/reset-password/',
    '/merchant/confirm-email/',
    '/customer/confirm-email-change/',
    '/admin/reset-password/',
  ])('the web page a mail links to (%s…)', async (page) => {
    const marker = `PaGe${Math.random().toString(36).slice(2)}`;
    const before = lines.length;
    await test.app.inject({ method: 'GET', url: `${page}${marker}`, remoteAddress: nextIp() });
    await test.app.inject({
      method: 'GET',
      url: `/store/some-store?preview=${marker}`,
      remoteAddress: nextIp(),
    });
    const logged = lines.slice(before).join('');
    expect(logged).toContain('"msg":"request"');
    expect(logged).not.toContain(marker);
  });

  it('finds a secret query name in any case or percent-encoded, and a secret route parameter of any name', () => {
    expect(redactUrl('/api/x?a=1&ToKeN=abc')).toBe('/api/x?a=1&ToKeN=[redacted]');
    expect(redactUrl('/api/x?%74oken=abc&b=2')).toBe('/api/x?%74oken=[redacted]&b=2');
    expect(redactUrl('/store/s?PREVIEW=abc')).toBe('/store/s?PREVIEW=[redacted]');
    expect(redactUrl('/api/x/RESETPASSWORD/abc')).toBe('/api/x/RESETPASSWORD/[redacted]');
    // The route's pattern names the secret even where the path's words do not.
    expect(redactUrl('/api/x/abc', '/api/x/:token')).toBe('/api/x/[redacted]');
    // A percent sign in a value, not a name, leaves the URL as it is.
    const search = '/api/products/customer/getallproducts?search=smart%20tv&limit=20';
    expect(redactUrl(search, '/api/products/customer/getallproducts')).toBe(search);
  });

  it('leaves a URL without a secret as it is', () => {
    const url = `${urlOf(productEndpoints.edit, { params: { id: 'public' } })}?search=garri&page=2`;
    expect(redactUrl(url)).toBe(url);
    expect(
      redactUrl(`${urlOf(authEndpoints.customer.resetPassword, { params: { token: 'abc' } })}?x=1`),
    ).toBe('/api/auth/customer/resetpassword/[redacted]?x=1');
  });
});
