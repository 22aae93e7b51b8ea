import {
  allEndpoints,
  authEndpoints,
  categoryEndpoints,
  surfaceBases,
  systemEndpoints,
} from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/platform/config.js';
import { requestOf, urlOf } from '../support/contract-requests.js';
import { createTestApp, json, type TestApp } from '../support/test-app.js';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

describe('health of the three surfaces', () => {
  it.each([
    ['/api', 'api'],
    ['/shipping-api', 'shipping'],
    ['/themes-api', 'themes'],
  ])('%s/health answers ok with the database state, naming its surface', async (base, surface) => {
    const response = await test.app.inject({ method: 'GET', url: `${base}/health` });
    expect(response.statusCode).toBe(200);
    const body = json(response);
    expect(body.message).toBe('ok');
    // A load balancer's check of one surface's deployment must not be answered by another's.
    expect(body.data.surface).toBe(surface);
    expect(body.data.database.status).toBe('up');
    expect(['pglite', 'postgres']).toContain(body.data.database.driver);
  });

  it('answers 503 when the database does not answer', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    try {
      const response = await broken.app.inject(requestOf(systemEndpoints.apiHealth));
      expect(response.statusCode).toBe(503);
      expect(json(response).error).toBe('SERVICE_UNAVAILABLE');
    } finally {
      await broken.app.close();
    }
  });
});

describe('request ids, headers and unknown paths', () => {
  it('echoes a sane incoming x-request-id and makes one otherwise', async () => {
    const given = await test.app.inject({
      ...requestOf(systemEndpoints.apiHealth),
      headers: { 'x-request-id': 'abc-123-def-456' },
    });
    expect(given.headers['x-request-id']).toBe('abc-123-def-456');
    const made = await test.app.inject({
      ...requestOf(systemEndpoints.apiHealth),
      headers: { 'x-request-id': 'bad id <script>' },
    });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends security headers', async () => {
    const response = await test.app.inject(requestOf(systemEndpoints.apiHealth));
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-frame-options']).toBeDefined();
    // Worked out once at start (security-headers.ts) from the same helmet options as before.
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(policy).toContain("img-src 'self' data: blob: https:");
    expect(policy).not.toContain('upgrade-insecure-requests');
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['cross-origin-embedder-policy']).toBeUndefined();
    expect(response.headers['x-powered-by']).toBeUndefined();
    // The same on an error answer and on a cached catalog read.
    for (const url of ['/api/nope', urlOf(categoryEndpoints.all), urlOf(categoryEndpoints.all)])
      expect((await test.app.inject({ url })).headers['content-security-policy']).toBe(policy);
    // A built script or stylesheet gets what protects a subresource, not a document's policies (700 bytes a file).
    for (const url of ['/assets/app-3f2aB9.js', '/assets/index-Zx81.css']) {
      const asset = (await test.app.inject({ url })).headers;
      expect(asset['x-content-type-options'], url).toBe('nosniff');
      expect(asset['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(asset['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      expect(asset['content-security-policy'], url).toBeUndefined();
      expect(asset['x-frame-options'], url).toBeUndefined();
    }
    // Pages, and anything else under /assets that is not a built script or style, keep every header.
    for (const url of ['/', '/assets/', '/assets/app.js/x', '/storefront/assets/app.js'])
      expect((await test.app.inject({ url })).headers['content-security-policy'], url).toBe(policy);
  });

  it('answers unknown API paths with the 404 envelope', async () => {
    for (const url of ['/api/nope', '/shipping-api/nope', '/themes-api/nope']) {
      const response = await test.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(json(response)).toEqual({ message: 'Not found', error: 'NOT_FOUND' });
    }
  });

  it('allows only configured CORS origins', async () => {
    const open = await createTestApp({ env: { CORS_ORIGINS: 'https://shop.example.ng' } });
    try {
      const allowed = await open.app.inject({
        method: 'OPTIONS',
        url: urlOf(authEndpoints.customer.login),
        headers: { origin: 'https://shop.example.ng', 'access-control-request-method': 'POST' },
      });
      expect(allowed.headers['access-control-allow-origin']).toBe('https://shop.example.ng');
      const refused = await open.app.inject({
        method: 'OPTIONS',
        url: urlOf(authEndpoints.customer.login),
        headers: { origin: 'https://evil.example.com', 'access-control-request-method': 'POST' },
      });
      expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await open.close();
    }
  });
});

describe('one contract, one OpenAPI document', () => {
  it('lists every contract endpoint under its base, and nothing the contract lacks', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = json(response) as unknown as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(document.openapi).toMatch(/^3\./);
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    const expected = new Set(
      allEndpoints().map(
        (endpoint) =>
          `${endpoint.method} ${surfaceBases[endpoint.surface]}${endpoint.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`,
      ),
    );
    expect([...expected].filter((entry) => !documented.has(entry))).toEqual([]);
    expect([...documented].filter((entry) => !expected.has(entry))).toEqual([]);
    expect(documented).toContain('POST /api/auth/customer/login');
    expect(documented).toContain('GET /shipping-api/health');
  });

  it('serves the browsable docs', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger');
  });
});

describe('configuration', () => {
  it('names the variable of a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ CORS_ORIGINS: 'not a url' })).toThrow(/CORS_ORIGINS/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ SETTLEMENT_MODE: 'split' })).toThrow(
      /SETTLEMENT_MODE: must be transfer or subaccount/,
    );
  });

  it('gives a PostgreSQL process a budget of 9 connections, and a direct URL beside a transaction pooler (ADR 087)', () => {
    const url = 'postgres://app@127.0.0.1:5432/market';
    expect(loadConfig({ DATABASE_URL: url }).database).toEqual({
      driver: 'postgres',
      url,
      directUrl: undefined,
      max: 6,
      jobsMax: 2,
    });
    const pooled = loadConfig({
      DATABASE_URL: 'postgres://app@pgbouncer:6432/market',
      DATABASE_DIRECT_URL: url,
      DATABASE_POOL_MAX: '12',
      JOBS_POOL_MAX: '3',
    }).database;
    expect(pooled).toMatchObject({ directUrl: url, max: 12, jobsMax: 3 });
    expect(() => loadConfig({ DATABASE_URL: url, DATABASE_DIRECT_URL: 'mysql://x' })).toThrow(
      /DATABASE_DIRECT_URL/,
    );
    expect(() => loadConfig({ DATABASE_URL: url, DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX/);
  });

  it('defaults to the embedded mode', () => {
    const config = loadConfig({});
    expect(config.database.driver).toBe('pglite');
    expect(config.uploadsDir).toMatch(/data[\\/]uploads$/);
    expect(config.smtpUrl).toBeUndefined();
    expect(config.port).toBe(3000);
    expect(config.seedDemo).toBe(true);
    // Payouts by transfer unless the admin chooses subaccount settlement (ADR 051).
    expect(config.settlementMode).toBe('transfer');
    expect(loadConfig({ SETTLEMENT_MODE: 'subaccount' }).settlementMode).toBe('subaccount');
  });

  it('refuses to start in production with the default secret and seeds no demo accounts there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) });
    expect(config.seedDemo).toBe(false);
  });

  it('hides the outbox in production', async () => {
    const production = await createTestApp({ env: { NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40) } });
    try {
      const response = await production.app.inject(requestOf(systemEndpoints.outbox));
      expect(response.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
