import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInProcessRunner, type JobRunner } from '../../src/platform/jobs/index.js';

const logger = pino({ level: 'silent' });
let runner: JobRunner;

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-03-02T08:00:30Z') });
  runner = createInProcessRunner({ logger });
});

afterEach(async () => {
  await runner.stop();
  vi.useRealTimers();
});

/** Moves the fake clock and lets the handlers it started settle. */
async function advance(seconds: number) {
  await vi.advanceTimersByTimeAsync(seconds * 1000);
}

describe('in-process job runner: schedules', () => {
  it('runs an every-N-seconds job on its period, not before start', async () => {
    const runs: number[] = [];
    runner.schedule('test.every', { everySeconds: 60 }, async () => {
      runs.push(Date.now());
    });
    await advance(120);
    expect(runs).toHaveLength(0);
    await runner.start();
    await advance(59);
    expect(runs).toHaveLength(0);
    await advance(1);
    expect(runs).toHaveLength(1);
    await advance(120);
    expect(runs).toHaveLength(3);
  });

  it('runs a cron job at the times the expression names (UTC)', async () => {
    const runs: string[] = [];
    runner.schedule('test.cron', '*/15 * * * *', async () => {
      runs.push(new Date().toISOString());
    });
    await runner.start();
    await advance(45 * 60);
    expect(runs).toEqual([
      '2026-03-02T08:15:00.000Z',
      '2026-03-02T08:30:00.000Z',
      '2026-03-02T08:45:00.000Z',
    ]);
  });

  it('never starts a scheduled run while the previous one is still going', async () => {
    let active = 0;
    let most = 0;
    let runs = 0;
    runner.schedule('test.slow', { everySeconds: 10 }, async () => {
      runs += 1;
      active += 1;
      most = Math.max(most, active);
      await new Promise((resolve) => setTimeout(resolve, 25_000));
      active -= 1;
    });
    await runner.start();
    await advance(100);
    expect(most).toBe(1);
    // Ticks at 10, 40, 70, 100 s find the runner free; the ones in between are skipped.
    expect(runs).toBe(4);
    await advance(25); // lets the last run end, so stop() in afterEach has nothing to wait for
  });

  it('refuses a malformed schedule, job name or retry option when registered', () => {
    expect(() => runner.schedule('test.bad', 'every minute', async () => undefined)).toThrow();
    expect(() => runner.schedule('test.bad', '0 */5 * * * *', async () => undefined)).toThrow(/five fields/);
    expect(() => runner.schedule('test.bad', { everySeconds: 0 }, async () => undefined)).toThrow(
      /everySeconds/,
    );
    expect(() => runner.define('Bad Name', async () => undefined)).toThrow(/dotted lower-case/);
    expect(() => runner.define('test.bad', async () => undefined, { retryLimit: -1 })).toThrow(/retryLimit/);
  });
});

describe('in-process job runner: retries', () => {
  it('retries a failing job with back-off (delay doubles) and stops at the retry limit', async () => {
    const attempts: number[] = [];
    const started = Date.now();
    runner.define(
      'test.flaky',
      async () => {
        attempts.push((Date.now() - started) / 1000);
        throw new Error('provider down');
      },
      { retryLimit: 3, retryDelay: 10, backoff: true },
    );
    await runner.start();
    await runner.enqueue('test.flaky', { orderId: 'o1' });
    await advance(1000);
    // First attempt at once, then 10, 20 and 40 seconds after each failure.
    expect(attempts).toEqual([0, 10, 30, 70]);
  });

  it('retries at a fixed delay without back-off, and a later success ends the retries', async () => {
    const attempts: number[] = [];
    const payloads: unknown[] = [];
    const started = Date.now();
    runner.define<{ n: number }>('test.recovers', async (payload) => {
      attempts.push((Date.now() - started) / 1000);
      payloads.push(payload);
      if (attempts.length < 3) throw new Error('not yet');
    });
    await runner.start();
    await runner.enqueue('test.recovers', { n: 7 }, { retryLimit: 5, retryDelay: 5, backoff: false });
    await advance(600);
    expect(attempts).toEqual([0, 5, 10]);
    expect(payloads).toEqual([{ n: 7 }, { n: 7 }, { n: 7 }]);
  });

  it('holds jobs enqueued before start, and waits startAfterSeconds before the first attempt', async () => {
    const seen: string[] = [];
    runner.define<string>('test.later', async (payload) => {
      seen.push(payload);
    });
    await runner.enqueue('test.later', 'early');
    await advance(10);
    expect(seen).toEqual([]);
    await runner.start();
    await advance(0);
    expect(seen).toEqual(['early']);
    await runner.enqueue('test.later', 'delayed', { startAfterSeconds: 30 });
    await advance(29);
    expect(seen).toEqual(['early']);
    await advance(1);
    expect(seen).toEqual(['early', 'delayed']);
  });

  it('counts waiting, delayed and running jobs in its depth, per queue', async () => {
    const releases: (() => void)[] = [];
    runner.define<string>('test.slow', () => new Promise<void>((resolve) => releases.push(resolve)));
    runner.define<string>('test.idle', async () => undefined);
    const depthOf = async (queue: string) => (await runner.stats()).find((stat) => stat.queue === queue);
    await runner.enqueue('test.slow', 'first');
    await runner.enqueue('test.slow', 'second');
    await runner.enqueue('test.slow', 'later', { startAfterSeconds: 60 });
    await advance(5);
    // Held until start: all three wait.
    expect(await depthOf('test.slow')).toEqual({ queue: 'test.slow', depth: 3, lagSeconds: 0 });
    expect(await depthOf('test.idle')).toEqual({ queue: 'test.idle', depth: 0, lagSeconds: 0 });
    await runner.start();
    await advance(0);
    // Two run, one waits its 60 s: still three.
    expect(releases).toHaveLength(2);
    expect((await depthOf('test.slow'))?.depth).toBe(3);
    for (const release of releases.splice(0)) release();
    await advance(0);
    expect((await depthOf('test.slow'))?.depth).toBe(1);
    await advance(60);
    expect(releases).toHaveLength(1);
    expect((await depthOf('test.slow'))?.depth).toBe(1);
    releases.splice(0)[0]!();
    await advance(0);
    expect((await depthOf('test.slow'))?.depth).toBe(0);
  });

  it('refuses a job with no handler, and a registration after start', async () => {
    await runner.start();
    await expect(runner.enqueue('test.nobody', {})).rejects.toThrow(/No handler/);
    expect(() => runner.define('test.late', async () => undefined)).toThrow(/before the job runner starts/);
  });
});

describe('in-process job runner: stop', () => {
  it('waits for a running handler, then runs nothing more: no ticks, no pending retries', async () => {
    let finished = false;
    let ticks = 0;
    let failures = 0;
    runner.schedule('test.tick', { everySeconds: 5 }, async () => {
      ticks += 1;
    });
    runner.define('test.long', async () => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      finished = true;
    });
    runner.define(
      'test.fails',
      async () => {
        failures += 1;
        throw new Error('down');
      },
      { retryLimit: 5, retryDelay: 10, backoff: false },
    );
    await runner.start();
    await runner.enqueue('test.fails', null);
    await advance(5);
    expect(ticks).toBe(1);
    expect(failures).toBe(1);
    await runner.enqueue('test.long', null);
    const stopping = runner.stop();
    await advance(3);
    await stopping;
    expect(finished).toBe(true);
    await advance(600);
    expect(ticks).toBe(1);
    expect(failures).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
    await expect(runner.enqueue('test.long', null)).rejects.toThrow(/stopped/);
  });
});
