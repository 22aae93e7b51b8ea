import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchRefused, guardedFetch, isPublicAddress } from '../../src/platform/guarded-fetch.js';
import { localHttpsServer } from '../support/local-https.js';

// The guarded fetcher of product images by URL (ADR 077), against real local servers: plain http, and https with
// a certificate made for the test, answering too much, too slowly, or with a redirect.

const limits = { maxBytes: 1024 * 1024, timeoutMs: 400 };
let plain: http.Server;
let secure: Awaited<ReturnType<typeof localHttpsServer>>;
let plainUrl: string;
let secureUrl: string;
let securePort: string;
let ca: string;
let plainHits = 0;

/** The test's https server on 127.0.0.1, which the public-address rule would refuse: allowed here only. */
const local = () => ({
  ...limits,
  ca,
  extraPorts: [securePort],
  addressAllowed: (a: string) => a === '127.0.0.1',
});

beforeAll(async () => {
  secure = await localHttpsServer((request, response) => {
    if (request.url === '/ok') return response.end(Buffer.alloc(2048, 1));
    if (request.url === '/big') {
      response.setHeader('content-length', String(3 * 1024 * 1024));
      return response.end(Buffer.alloc(3 * 1024 * 1024, 1));
    }
    if (request.url === '/big-chunked') {
      // No content-length: the ceiling must hold while the body streams in.
      for (let index = 0; index < 48; index += 1) response.write(Buffer.alloc(64 * 1024, 1));
      return response.end();
    }
    if (request.url === '/slow') {
      const timer = setTimeout(() => response.end('late'), 5_000);
      request.on('close', () => clearTimeout(timer));
      return;
    }
    if (request.url === '/redirect') {
      response.writeHead(302, { location: 'https://169.254.169.254/latest/meta-data/' });
      return response.end();
    }
    response.writeHead(404).end();
  });
  plain = http.createServer((_request, response) => {
    plainHits += 1;
    response.end('plain');
  });
  await new Promise<void>((done) => plain.listen(0, '127.0.0.1', done));
  ({ ca, port: securePort, base: secureUrl } = secure);
  plainUrl = `http://127.0.0.1:${(plain.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await Promise.all([secure?.close(), new Promise((done) => plain?.close(done))]);
});

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FetchRefused);
  return (error as Error).message;
};

describe('guarded fetch', () => {
  it('fetches from the test server when its address is allowed (the harness works)', async () => {
    expect((await guardedFetch(`${secureUrl}/ok`, local())).length).toBe(2048);
  });

  it('refuses plain http without connecting', async () => {
    expect(await refusal(guardedFetch(`${plainUrl}/a.jpg`, { ...limits, addressAllowed: () => true }))).toBe(
      'Only https addresses are fetched',
    );
    expect(plainHits).toBe(0);
  });

  it('refuses private, loopback, link-local, metadata and mapped addresses, by IP or by name', async () => {
    for (const target of [
      'https://10.0.0.7/a.jpg',
      'https://127.0.0.1/a.jpg',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::1]/a.jpg',
      'https://[::ffff:192.168.1.1]/a.jpg',
      'https://100.64.0.1/a.jpg',
    ])
      expect(await refusal(guardedFetch(target, limits)), target).toBe(
        'The address points to a private or reserved network',
      );
    // A name whose DNS answer holds a private address, even beside a public one.
    const resolve = async () => [
      { address: '8.8.8.8', family: 4 },
      { address: '192.168.0.10', family: 4 },
    ];
    expect(await refusal(guardedFetch('https://images.example.ng/a.jpg', { ...limits, resolve }))).toBe(
      'The address points to a private or reserved network',
    );
    // The real test server is refused by the default rule: it is on loopback.
    expect(await refusal(guardedFetch(`${secureUrl}/ok`, { ...limits, ca, extraPorts: [securePort] }))).toBe(
      'The address points to a private or reserved network',
    );
  });

  it('refuses a body over the ceiling, declared or streamed', async () => {
    expect(await refusal(guardedFetch(`${secureUrl}/big`, local()))).toBe('The file is larger than 1 MB');
    expect(await refusal(guardedFetch(`${secureUrl}/big-chunked`, local()))).toBe(
      'The file is larger than 1 MB',
    );
  });

  it('gives up on a slow answer at the deadline', async () => {
    const started = performance.now();
    expect(await refusal(guardedFetch(`${secureUrl}/slow`, local()))).toBe(
      'The address did not answer within 0.4 s',
    );
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('refuses a redirect instead of following it (here to the metadata address)', async () => {
    expect(await refusal(guardedFetch(`${secureUrl}/redirect`, local()))).toBe(
      'The address redirects elsewhere; give the final address',
    );
  });

  it('refuses other ports and addresses with credentials', async () => {
    expect(await refusal(guardedFetch('https://8.8.8.8:8443/a.jpg', limits))).toMatch(/port/);
    expect(await refusal(guardedFetch('https://user:pw@8.8.8.8/a.jpg', limits))).toMatch(/user name/);
  });

  it('knows public from non-public addresses', () => {
    expect(isPublicAddress('8.8.8.8')).toBe(true);
    expect(isPublicAddress('2001:4860:4860::8888')).toBe(true);
    for (const address of [
      '169.254.169.254',
      '172.16.5.4',
      '0.0.0.0',
      'fd00::1',
      'fe80::1',
      '224.0.0.1',
      '::',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });
});
