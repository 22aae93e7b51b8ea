import { describe, expect, it } from 'vitest';
import { createPageCache, MAX_PAGE_BYTES } from '../../src/platform/http/server-render.js';
import {
  CACHE_MAX_AGE_SECONDS,
  CACHE_TTL_JITTER,
  CACHE_TTL_SECONDS,
  REVALIDATION_CLAIM_MS,
} from '../../src/platform/http/stale-while-revalidate.js';

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

  it('a page of another catalog version or past its staleness bound is not served', () => {
    let now = 0;
    const cache = createPageCache(() => now);
    cache.set('/a', '1', page(100));
    expect(cache.get('/a', '2')).toBeUndefined();
    expect(cache.size()).toEqual({ entries: 0, bytes: 0 });
    cache.set('/a', '2', page(100));
    now += CACHE_MAX_AGE_SECONDS * 1000;
    expect(cache.get('/a', '2')).toBeUndefined();
    expect(cache.size()).toEqual({ entries: 0, bytes: 0 });
  });

  // Stale-while-revalidate for pages (ADR 110, amended): the response cache's bounds, in process.
  it('a page is fresh, then stale until 30 s past its freshness, then gone', () => {
    let now = 0;
    // `random` 0: the longest freshness, 30 s; 1: the shortest, 27 s.
    const longest = createPageCache(
      () => now,
      MAX_PAGE_BYTES,
      () => 0,
    );
    const shortest = createPageCache(
      () => now,
      MAX_PAGE_BYTES,
      () => 1,
    );
    longest.set('/a', '1', page(100));
    shortest.set('/a', '1', page(100));
    expect(longest.get('/a', '1')?.stale).toBe(false);
    now = CACHE_TTL_SECONDS * 1000 * (1 - CACHE_TTL_JITTER) - 1;
    expect(shortest.get('/a', '1')?.stale).toBe(false);
    now += 1;
    expect(shortest.get('/a', '1')?.stale).toBe(true);
    expect(longest.get('/a', '1')?.stale).toBe(false);
    now = CACHE_TTL_SECONDS * 1000;
    expect(longest.get('/a', '1')?.stale).toBe(true);
    now = CACHE_MAX_AGE_SECONDS * 1000 - 1;
    expect(longest.get('/a', '1')?.stale).toBe(true);
    expect(shortest.get('/a', '1')).toBeUndefined();
    now += 1;
    expect(longest.get('/a', '1')).toBeUndefined();
  });

  it('pages stored in the same instant expire spread over 3 s, not in the same millisecond', () => {
    let now = 0;
    const cache = createPageCache(() => now);
    for (let index = 0; index < 200; index += 1) cache.set(`/p/${index}`, '1', page(10));
    const staleAt = (at: number) => {
      now = at;
      let stale = 0;
      for (let index = 0; index < 200; index += 1) if (cache.get(`/p/${index}`, '1')?.stale) stale += 1;
      return stale;
    };
    const earliest = CACHE_TTL_SECONDS * 1000 * (1 - CACHE_TTL_JITTER);
    expect(staleAt(earliest - 1)).toBe(0);
    // Uniform over 3 s: about 100 of 200 by the middle (40–160 allows for chance).
    const midway = staleAt((earliest + CACHE_TTL_SECONDS * 1000) / 2);
    expect(midway).toBeGreaterThan(40);
    expect(midway).toBeLessThan(160);
    expect(staleAt(CACHE_TTL_SECONDS * 1000)).toBe(200);
  });

  it('one caller per page and version may re-render it, until it is stored again or its claim runs out', () => {
    let now = 0;
    const cache = createPageCache(() => now);
    expect(cache.claimRerender('/a', '1')).toBe(false);
    cache.set('/a', '1', page(100));
    now = CACHE_TTL_SECONDS * 1000;
    expect(cache.claimRerender('/a', '2')).toBe(false);
    cache.set('/a', '1', page(100));
    expect(cache.claimRerender('/a', '1')).toBe(true);
    expect(cache.claimRerender('/a', '1')).toBe(false);
    cache.set('/a', '1', page(100));
    expect(cache.claimRerender('/a', '1')).toBe(true);
    // A re-render that failed stores nothing: the next may try once the claim ran out.
    now += REVALIDATION_CLAIM_MS - 1;
    expect(cache.claimRerender('/a', '1')).toBe(false);
    now += 1;
    expect(cache.claimRerender('/a', '1')).toBe(true);
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
