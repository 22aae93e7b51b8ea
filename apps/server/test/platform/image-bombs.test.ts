import zlib from 'node:zlib';
import { customerProfileEndpoints, productEndpoints } from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimits, defaultLimits } from '../../src/platform/security/rate-limits.js';
import { createMerchantWithStore } from '../support/catalog-factory.js';
import { requestOf } from '../support/contract-requests.js';
import { multipart, pngBytes } from '../support/store-factory.js';
import {
  bearer,
  createConfirmedAccount,
  createTestApp,
  json,
  login,
  type TestApp,
} from '../support/test-app.js';

// Issue 24, "image decompression bombs": a 746 KB PNG of 16000×16000 pixels was decoded in full (7.9 s, +130 MB
// each, never released). Images are refused from their header above 50 megapixels, at most two are decoded at
// once, and uploads are rate limited per account (ADR 042).

/** One PNG chunk: length, type, data and the CRC of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A valid RGB PNG of side×side black pixels: at 16000, about 746 KB that unpack to 768 MB. Deflated 1000 rows at a
 * time, so the test never holds the unpacked image itself.
 */
async function pngBomb(side: number): Promise<Buffer> {
  const rows = Buffer.alloc((1 + side * 3) * 1000);
  const deflate = zlib.createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  for (let written = 0; written < side; written += 1000)
    deflate.write(rows.subarray(0, (1 + side * 3) * Math.min(1000, side - written)));
  deflate.end();
  await ended;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, not interlaced
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.concat(parts)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

let test: TestApp;
let bomb: Buffer;

beforeAll(async () => {
  test = await createTestApp();
  bomb = await pngBomb(16_000);
}, 120_000);
afterAll(() => test.close());

const uploadPhoto = (token: string, bytes: Buffer) => {
  const form = multipart('photo', 'me.png', 'image/png', bytes);
  return test.app.inject({
    ...requestOf(customerProfileEndpoints.photo),
    headers: { ...bearer(token), ...form.headers },
    payload: form.payload,
  });
};

const customerToken = async () => {
  const account = await createConfirmedAccount(test, 'customer');
  return (await login(test, 'customer', account.email)).accessToken;
};

describe('image decompression bombs', () => {
  it('a 16000×16000 PNG profile photo is refused with a 422 envelope, without decoding it', async () => {
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const token = await customerToken();
    const started = performance.now();
    const refused = await uploadPhoto(token, bomb);
    const elapsed = performance.now() - started;
    expect(refused.statusCode).toBe(422);
    expect(json(refused)).toMatchObject({
      error: 'VALIDATION_ERROR',
      details: [{ path: 'image', message: 'Images can be at most 50 megapixels; this one is 16000×16000' }],
    });
    // Decoding it took 7.9 s; reading its header takes milliseconds (a wide margin for a busy machine).
    expect(elapsed).toBeLessThan(1500);
  });

  it('the same bomb as a product image is refused the same way', async () => {
    const merchant = await createMerchantWithStore(test);
    const form = multipart('image', 'tv.png', 'image/png', bomb);
    const refused = await test.app.inject({
      ...requestOf(productEndpoints.uploadImage),
      headers: { ...bearer(merchant.token), ...form.headers },
      payload: form.payload,
    });
    expect(refused.statusCode).toBe(422);
    expect(json(refused).message).toContain('at most 50 megapixels');
  });

  it('ten bombs at once keep the process within 100 MB of resident memory above where it started', async () => {
    const tokens = await Promise.all(Array.from({ length: 10 }, customerToken));
    // Settle what earlier tests allocated, so the baseline is the process at rest.
    globalThis.gc?.();
    const baseline = process.memoryUsage.rss();
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 5);
    try {
      const answers = await Promise.all(tokens.map((token) => uploadPhoto(token, bomb)));
      for (const answer of answers) expect(answer.statusCode).toBe(422);
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage.rss());
    expect((peak - baseline) / 1024 / 1024).toBeLessThan(100);
  }, 120_000);

  it('a real photo under the limit is still taken', async () => {
    const token = await customerToken();
    const taken = await uploadPhoto(token, await pngBytes(2000, 1500));
    expect(taken.statusCode).toBe(201);
  });
});

describe('uploads are rate limited per account', () => {
  it('answers 429 with the envelope past the budget, whatever the address; other accounts go on', async () => {
    const limited = await createTestApp({
      rateLimits: createRateLimits({
        limits: {
          ...defaultLimits,
          upload: { ip: { points: 100, durationSeconds: 900 }, account: { points: 3, durationSeconds: 900 } },
        },
      }),
    });
    try {
      const token = async () => {
        const account = await createConfirmedAccount(limited, 'customer');
        return (await login(limited, 'customer', account.email)).accessToken;
      };
      const [mine, other] = [await token(), await token()];
      const photo = await pngBytes(120, 90);
      const upload = (bearerToken: string, address: string) => {
        const form = multipart('photo', 'me.png', 'image/png', photo);
        return limited.app.inject({
          ...requestOf(customerProfileEndpoints.photo),
          headers: { ...bearer(bearerToken), ...form.headers },
          payload: form.payload,
          remoteAddress: address,
        });
      };
      for (let index = 0; index < 3; index++)
        expect((await upload(mine, `10.77.0.${index + 1}`)).statusCode).toBe(201);
      const refused = await upload(mine, '10.77.1.1');
      expect(refused.statusCode).toBe(429);
      expect(json(refused)).toMatchObject({ error: 'RATE_LIMITED' });
      expect(refused.headers['retry-after']).toBeDefined();
      expect((await upload(other, '10.77.1.2')).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  }, 60_000);
});
