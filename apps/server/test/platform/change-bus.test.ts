import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Change,
  type ChangeBus,
  type ChangeTransport,
  createChangeBus,
  createPostgresTransport,
  createRedisTransport,
} from '../../src/platform/changes/index.js';
import { pglite, proofsOnly } from '../support/postgres-proofs.js';
import { redisReachable, testRedisUrl } from '../support/redis.js';
import { openTestDatabase } from '../support/test-app.js';

const logger = pino({ level: 'silent' });

/** Resolves with the first change `bus` hears on `topic` that `accept` takes, or rejects after `ms`. */
function heard(bus: ChangeBus, topic: string, accept: (change: Change) => boolean = () => true, ms = 2000) {
  return new Promise<Change>((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`nothing heard on ${topic} within ${ms} ms`));
    }, ms);
    const stop = bus.subscribe(topic, (change) => {
      if (!accept(change)) return;
      clearTimeout(timer);
      stop();
      resolve(change);
    });
  });
}

pglite.describe('change bus in process (the embedded default)', () => {
  it('delivers to this process before publish returns, marked local, and only to the topic subscribed', async () => {
    const bus = createChangeBus({ logger });
    expect(bus.transport).toBe('in-process');
    const seen: Change[] = [];
    const stop = bus.subscribe('catalog', (change) => {
      seen.push(change);
    });
    bus.subscribe('shipping.rates', () => {
      throw new Error('a failing subscriber of another topic');
    });
    await bus.publish('catalog', 'p-1');
    expect(seen).toEqual([{ topic: 'catalog', payload: 'p-1', local: true }]);
    stop();
    await bus.publish('catalog');
    expect(seen).toHaveLength(1);
    // A subscriber that fails is logged; the publisher (a write's answer) goes on.
    await expect(bus.publish('shipping.rates')).resolves.toBeUndefined();
    await bus.close();
  });

  it('waits for async subscribers and refuses bad topics and oversized payloads', async () => {
    const bus = createChangeBus({ logger });
    let done = false;
    bus.subscribe('catalog', async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      done = true;
    });
    await bus.publish('catalog');
    expect(done).toBe(true);
    await expect(bus.publish('Catalog; drop')).rejects.toThrow(/topic/);
    await expect(bus.publish('catalog', 'x'.repeat(4001))).rejects.toThrow(/4000 bytes/);
  });
});

/** The transport as it is, counting the sends (round trips) asked of it. */
function countingSends(transport: ChangeTransport) {
  const counted = { sends: 0 };
  const send = transport.send.bind(transport);
  transport.send = (messages) => {
    counted.sends += 1;
    return send(messages);
  };
  return { transport, counted };
}

/** Two buses on one transport stand for two server processes; `sentByA` counts the round trips of A's sends. */
function crossProcessProofs(
  open: () => Promise<{ a: ChangeBus; b: ChangeBus; sentByA: { sends: number }; close(): Promise<void> }>,
) {
  let a: ChangeBus;
  let b: ChangeBus;
  let sentByA: { sends: number };
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ a, b, sentByA, close } = await open());
    await a.start();
    await b.start();
  });
  afterAll(() => close());

  it('what A publishes B hears within a second, marked not local; A does not hear itself twice', async () => {
    const onA: Change[] = [];
    a.subscribe('catalog', (change) => {
      onA.push(change);
    });
    const onB = heard(b, 'catalog', (change) => change.payload === 'stock:42', 1000);
    const started = Date.now();
    await a.publish('catalog', 'stock:42');
    expect(await onB).toEqual({ topic: 'catalog', payload: 'stock:42', local: false });
    expect(Date.now() - started).toBeLessThan(1000);
    // Give a stray echo time to arrive: A must have heard only its own local delivery.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(onA).toEqual([{ topic: 'catalog', payload: 'stock:42', local: true }]);
  });

  it('changes of several topics published by one write go out together, each heard on its own', async () => {
    const onB: string[] = [];
    for (const topic of ['together-a', 'together-b', 'together-c'])
      b.subscribe(topic, (change) => {
        onB.push(`${change.topic}:${change.payload}`);
      });
    const before = sentByA.sends;
    // As a write publishes: one change after another, each after this process's own subscribers ran.
    await a.publish('together-a', '1');
    await a.publish('together-b', '2');
    await a.publish('together-c', '3');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(onB.sort()).toEqual(['together-a:1', 'together-b:2', 'together-c:3']);
    expect(sentByA.sends - before).toBe(1);
  });

  it('a burst of the same change costs a few sends, and the last publish is still heard after it happened', async () => {
    let heardOnB = 0;
    b.subscribe('burst', () => {
      heardOnB += 1;
    });
    await Promise.all(Array.from({ length: 50 }, () => a.publish('burst')));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heardOnB).toBeGreaterThanOrEqual(1);
    expect(heardOnB).toBeLessThanOrEqual(3);
  });
}

const serverUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!serverUrl)('change bus over PostgreSQL LISTEN/NOTIFY', () => {
  crossProcessProofs(async () => {
    const { database, url, drop } = await openTestDatabase();
    const { transport, counted } = countingSends(
      createPostgresTransport({ url: url!, db: database.db, logger }),
    );
    const a = createChangeBus({ transport, logger });
    const b = createChangeBus({
      transport: createPostgresTransport({ url: url!, db: database.db, logger }),
      logger,
    });
    return {
      a,
      b,
      sentByA: counted,
      async close() {
        await a.close();
        await b.close();
        await drop();
      },
    };
  });

  it('tells subscribers they may have missed changes when its connection was cut, and hears again after', async () => {
    const { database, url, drop } = await openTestDatabase();
    const a = createChangeBus({
      transport: createPostgresTransport({ url: url!, db: database.db, logger }),
      logger,
    });
    const b = createChangeBus({
      transport: createPostgresTransport({ url: url!, db: database.db, logger }),
      logger,
    });
    try {
      await a.start();
      await b.start();
      const missed = heard(b, 'catalog', (change) => change.missed === true, 5000);
      // What a failover or a restarted PostgreSQL does to the listening connection.
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'naija-market-changes' and datname = current_database()`,
      );
      expect(await missed).toMatchObject({ topic: 'catalog', payload: '', local: false, missed: true });
      const after = heard(b, 'catalog', (change) => change.payload === 'after', 2000);
      await a.publish('catalog', 'after');
      expect((await after).payload).toBe('after');
    } finally {
      await a.close();
      await b.close();
      await drop();
    }
  });
});

const redisUrl = testRedisUrl;
const redisUp = await redisReachable(redisUrl);
if (!redisUp) console.warn(`\n!!! change bus over Redis skipped: nothing answers at ${redisUrl} !!!\n`);

describe.skipIf(proofsOnly() || !redisUp)('change bus over Redis pub/sub', () => {
  crossProcessProofs(async () => {
    // A channel of this run's own: parallel runs on one Redis must not hear each other.
    const channel = `test:changes:${process.pid}:${Date.now()}`;
    const redisA = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
    const redisB = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
    const { transport, counted } = countingSends(createRedisTransport({ redis: redisA, logger, channel }));
    const a = createChangeBus({ transport, logger });
    const b = createChangeBus({
      transport: createRedisTransport({ redis: redisB, logger, channel }),
      logger,
    });
    return {
      a,
      b,
      sentByA: counted,
      async close() {
        await a.close();
        await b.close();
        redisA.disconnect();
        redisB.disconnect();
      },
    };
  });
});
