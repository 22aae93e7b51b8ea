import { describe, expect, it } from 'vitest';
import { createPageCache, MAX_PAGE_BYTES } from '../../src/platform/http/server-render.js';

// The server-rendered page cache is bounded by bytes as well as by count (ADR 034).
const page = (bytes: number) => ({
  status: 200,
  body: Buffer.alloc(bytes, 'a'),
  etag: '"x"',
  br: Buffer.alloc(10),
  gzip: Buffer.alloc(10),
});

describe('server-rendered page cache', () => {
  it('drops the least recently used pages once the bytes would pass the bound', () => {
    const cache = createPageCache(Date.now, 10_000);
    cache.set('/a', '1', page(3_000));
    cache.set('/b', '1', page(3_000));
    cache.set('/c', '1', page(3_000));
    // A read makes /a the most recently used: /b goes first.
    expect(cache.get('/a', '1')).toBeDefined();
    cache.set('/d', '1', page(3_000));
    expect(cache.get('/b', '1')).toBeUndefined();
    expect(cache.get('/a', '1')?.body.length).toBe(3_000);
    expect(cache.get('/c', '1')).toBeDefined();
    expect(cache.get('/d', '1')).toBeDefined();
    expect(cache.size().entries).toBe(3);
    expect(cache.size().bytes).toBeLessThanOrEqual(10_000);
  });

  it('keeps no page bigger than the bound, and counts a replaced page once', () => {
    const cache = createPageCache(Date.now, 10_000);
    cache.set('/huge', '1', page(20_000));
    expect(cache.get('/huge', '1')).toBeUndefined();
    cache.set('/a', '1', page(1_000));
    const once = cache.size().bytes;
    cache.set('/a', '1', page(1_000));
    expect(cache.size()).toEqual({ entries: 1, bytes: once });
  });

  it('a page of another catalog version or past its time is not served', () => {
    let now = 0;
    const cache = createPageCache(() => now);
    cache.set('/a', '1', page(100));
    expect(cache.get('/a', '2')).toBeUndefined();
    expect(cache.size()).toEqual({ entries: 0, bytes: 0 });
    cache.set('/a', '2', page(100));
    now += 31_000;
    expect(cache.get('/a', '2')).toBeUndefined();
  });

  it('holds at most 500 pages however small, within the byte bound', () => {
    const cache = createPageCache();
    for (let index = 0; index < 600; index += 1) cache.set(`/p/${index}`, '1', page(10));
    expect(cache.size().entries).toBe(500);
    expect(cache.get('/p/0', '1')).toBeUndefined();
    expect(cache.get('/p/599', '1')).toBeDefined();
    expect(MAX_PAGE_BYTES).toBe(16 * 1024 * 1024);
  });
});
