import { systemEndpoints } from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/platform/config.js';
import { requestOf } from '../support/contract-requests.js';
import { createTestApp, json, type TestApp } from '../support/test-app.js';

describe('listening address', () => {
  it('listens on loopback outside production and on every interface in production; HOST overrides', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0', JWT_SECRET: 'x'.repeat(40) }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), HOST: '10.0.0.5' }).host).toBe(
      '10.0.0.5',
    );
  });
});

describe('TRUST_PROXY', () => {
  it('takes a hop count, a list of proxy addresses or CIDRs, and true as one hop', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1/99' })).toThrow(/TRUST_PROXY/);
  });
});

describe('development outbox', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => test.close());

  it('answers loopback callers only, whatever X-Forwarded-For says', async () => {
    const local = await test.app.inject({
      ...requestOf(systemEndpoints.outbox),
      remoteAddress: '127.0.0.1',
    });
    expect(local.statusCode).toBe(200);
    const localV6 = await test.app.inject({ ...requestOf(systemEndpoints.outbox), remoteAddress: '::1' });
    expect(localV6.statusCode).toBe(200);
    const remote = await test.app.inject({
      ...requestOf(systemEndpoints.outbox),
      remoteAddress: '192.168.1.20',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(remote.statusCode).toBe(404);
    expect(json(remote)).toEqual({ message: 'Not found', error: 'NOT_FOUND' });
    // A loopback proxy forwarding a remote client is not a loopback caller either.
    const forwarded = await test.app.inject({
      ...requestOf(systemEndpoints.outbox),
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '192.168.1.20' },
    });
    expect(forwarded.statusCode).toBe(404);
  });
});

describe('API docs', () => {
  it('are served outside production and answer the 404 envelope in production', async () => {
    const production = await createTestApp({ env: { NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40) } });
    try {
      for (const url of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/static/index.html']) {
        const response = await production.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(json(response)).toEqual({ message: 'Not found', error: 'NOT_FOUND' });
      }
    } finally {
      await production.close();
    }
  });
});
