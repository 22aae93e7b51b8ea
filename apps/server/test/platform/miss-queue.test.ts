import { customerProductEndpoints } from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_MISS_QUEUE, missQueue } from '../../src/platform/http/busy.js';
import { createMemoryResponseCache } from '../../src/platform/http/response-cache.js';
import { requestOf } from '../support/contract-requests.js';
import { createTestApp, json, type TestApp } from '../support/test-app.js';

// ADR 110: on the embedded database, cache misses ask it within a documented bound: a few at once, a few more
// waiting their turn for a limited time, and beyond that a 503 with Retry-After at once, so no client waits past it.

describe('the misses queue', () => {
  it('admits up to its places, keeps its waiting line in order, and refuses beyond it or after the wait', async () => {
    const queue = missQueue({ computing: 1, waiting: 2, waitMs: 100 });
    expect(await queue.enter()).toBe(true);
    const second = queue.enter();
    const third = queue.enter();
    expect(await queue.enter()).toBe(false);
    queue.leave();
    expect(await second).toBe(true);
    // The third waits past its time while the second computes: refused.
    const startedAt = Date.now();
    expect(await third).toBe(false);
    expect(Date.now() - startedAt).toBeLessThan(1000);
    queue.leave();
    expect(await queue.enter()).toBe(true);
  });
});

describe('cold misses on the embedded database', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ responseCache: createMemoryResponseCache() });
  }, 120_000);
  afterAll(() => test?.close());

  it('answers a burst of misses with answers and quick 503s beyond the bound, never a long wait', async (context) => {
    // PostgreSQL has its pool and no embedded queue: nothing to bound.
    if (!test.database.busy) return context.skip();
    const burst = 40;
    const startedAt = Date.now();
    const answers = await Promise.all(
      Array.from({ length: burst }, (_, index) =>
        test.app.inject(requestOf(customerProductEndpoints.list, { query: { limit: index + 1 } })),
      ),
    );
    const refused = answers.filter((answer) => answer.statusCode === 503);
    for (const answer of answers) expect([200, 503]).toContain(answer.statusCode);
    for (const answer of refused) {
      expect(answer.headers['retry-after']).toBe('1');
      expect(json(answer)).toMatchObject({ error: 'SERVICE_UNAVAILABLE' });
    }
    // Beyond the places and the waiting line, refused at once.
    const bound = EMBEDDED_MISS_QUEUE.computing + EMBEDDED_MISS_QUEUE.waiting;
    expect(refused.length).toBeGreaterThanOrEqual(burst - bound);
    expect(answers.length - refused.length).toBeGreaterThanOrEqual(EMBEDDED_MISS_QUEUE.computing);
    // The refused are marked and the answered stored: asked again, the answered ones are hits.
    const again = await test.app.inject(requestOf(customerProductEndpoints.list, { query: { limit: 1 } }));
    expect(again.statusCode).toBe(200);
    expect(Date.now() - startedAt).toBeLessThan(60_000);
  }, 120_000);
});
