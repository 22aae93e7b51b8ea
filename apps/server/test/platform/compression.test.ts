import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../support/test-app.js';

// A web build of our own: a hashed asset with its precompressed copies, as the web build writes them.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'market-dist-'));
const script = `console.log(${JSON.stringify('naija '.repeat(400))});`;
fs.mkdirSync(path.join(dist, 'assets'));
fs.mkdirSync(path.join(dist, '.vite'));
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Naija Market</title>');
fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{}');
fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), script);
fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync(script));
fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js.gz'), zlib.gzipSync(script));

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await test.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('compression and caching', () => {
  it('sends a hashed asset precompressed (brotli before gzip), cached for a year', async () => {
    const br = await test.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await test.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await test.app.inject({ url: '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('index.html and client routes are never cached without asking', async () => {
    for (const url of ['/', '/products/some-id', '/storefront/shop']) {
      const response = await test.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      // The page itself, with its own title where it has one (the home page's share card).
      expect(response.body).toMatch(/<title>([^<]+ \| )?Naija Market<\/title>/);
    }
  });

  it('a missing asset and the build manifest are not pages: a missing asset is the 404 envelope', async () => {
    const missing = await test.app.inject({ url: '/assets/gone-123.js' });
    expect(missing.statusCode).toBe(404);
    expect(json(missing).error).toBe('NOT_FOUND');
    const manifest = await test.app.inject({ url: '/.vite/manifest.json' });
    expect(manifest.body).not.toBe('{}');
  });

  it('compresses JSON answers above 1 KiB, leaves small ones alone', async () => {
    const large = await test.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'br' } });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    expect(large.headers.vary).toContain('accept-encoding');
    const document = JSON.parse(zlib.brotliDecompressSync(large.rawPayload).toString());
    expect(document.openapi).toBe('3.1.0');

    const small = await test.app.inject({ url: '/api/nope', headers: { 'accept-encoding': 'br' } });
    expect(small.statusCode).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(json(small).error).toBe('NOT_FOUND');

    const refused = await test.app.inject({
      method: 'DELETE',
      url: '/api/auth/customer/login',
      headers: { 'accept-encoding': 'br' },
    });
    expect(refused.statusCode).toBe(405);
    expect(json(refused).error).toBe('METHOD_NOT_ALLOWED');
  });
});
