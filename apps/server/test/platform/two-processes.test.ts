import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  authEndpoints,
  customerProductEndpoints,
  notificationEndpoints,
  productAdminEndpoints,
  productEndpoints,
} from '@market/contracts';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/platform/db/client.js';
import {
  createApprovedProduct,
  createMerchantWithStore,
  type TestMerchant,
} from '../support/catalog-factory.js';
import { urlOf } from '../support/contract-requests.js';
import { redisReachable, testRedisUrl } from '../support/redis.js';
import {
  type Answer,
  buildServerBundle,
  call,
  openSetupApp,
  startServer,
  within,
} from '../support/server-processes.js';
import { createCategoryTree, multipart, pngBytes } from '../support/store-factory.js';
import { createAdmin, PASSWORD, type TestApp } from '../support/test-app.js';

// Several server processes on one PostgreSQL database (ADR 043): two real processes of the server bundle `npm start`
// runs, started the way a load balancer's pool is, must agree on what a write changed and on who is signed in.

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl)
  console.warn(
    '\n!!! TWO-PROCESS TEST SKIPPED: it needs PostgreSQL; set TEST_DATABASE_URL (CI runs it in its PostgreSQL pass) !!!\n',
  );

const redisUrl = testRedisUrl;
const redisUp = serverUrl ? await redisReachable(redisUrl) : false;
if (serverUrl && !redisUp)
  console.warn(`\n!!! two processes with Redis skipped: nothing answers at ${redisUrl} !!!\n`);

/** A live stream (GET /api/live) whose event names are collected as they arrive. */
async function openLiveStream(base: string, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/live`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const events: string[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const match of value.matchAll(/event: (\w+)/g)) events.push(match[1]!);
      }
    } catch {
      // closed by the test
    }
  })();
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    events,
    close: () => controller.abort(),
  };
}

describe.skipIf(!serverUrl)('two server processes on one PostgreSQL database', () => {
  let setup: TestApp;
  let drop: () => Promise<void>;
  let databaseUrl = '';
  let bundle = '';
  let removeBundle: () => void = () => undefined;
  let merchant: TestMerchant;
  let admin: { accessToken: string };
  let product: { id: string };
  let tree: Awaited<ReturnType<typeof createCategoryTree>>;
  let quantity = 50;
  let uploads = '';

  beforeAll(async () => {
    const building = buildServerBundle();
    bundle = building.bundle;
    removeBundle = building.remove;
    uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'market-shared-uploads-'));
    // A database of this file's own, copied from the migrated template; the merchant, admin and product are made
    // through an app in this process before the two servers start.
    const opened = await openSetupApp();
    setup = opened.setup;
    databaseUrl = opened.url;
    drop = opened.drop;
    merchant = await createMerchantWithStore(setup);
    admin = await createAdmin(setup, 'admin');
    tree = await createCategoryTree(setup);
    product = await createApprovedProduct(setup, merchant, admin, { tree });
    await building.built;
  }, 120_000);

  afterAll(async () => {
    await setup?.close();
    await drop?.();
    removeBundle();
    if (uploads) fs.rmSync(uploads, { recursive: true, force: true });
  });

  async function rows<Row>(query: SQL): Promise<Row[]> {
    return ((await setup.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
  }

  /** The merchant lists a new product on `a` (pending review) and an admin approves it there. */
  async function approvedThrough(a: string, token: string): Promise<string> {
    const created = await call(a, 'POST', urlOf(productEndpoints.create), {
      token,
      body: {
        name: 'Adire Table Runner',
        description: ['Indigo-dyed in Abeokuta.'],
        categoryId: tree.category.id,
        subCategoryId: tree.subCategory.id,
        childCategoryId: tree.childCategory.id,
        pricing: [{ costPrice: 4000, sellingPrice: 8000, price: 8000 }],
        quantity: 3,
        sku: `RUNNER-${Date.now()}`,
        weight: 0.3,
        weightUnit: 'kg',
        dimension: { length: 150, width: 35, height: 1 },
        dimensionUnit: 'cm',
        whenSoldOut: 'show-sold-out',
        contSalesOutOfStock: false,
        stockAlertUnits: 1,
        IsDigitalProduct: false,
        variant: [],
        variantProperties: [],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const approved = await call(a, 'POST', urlOf(productAdminEndpoints.approve), {
      token: admin.accessToken,
      body: { productId: created.body.data.id, merchantId: merchant.id },
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    return created.body.data.id as string;
  }

  async function agreeOnEverything(env: Record<string, string>, expected: 'postgres' | 'redis') {
    // Each process has a data folder of its own; uploads go to one folder both mount, as a shared volume would be
    // (S3 shares them the same way: one bucket).
    const shared = { DATABASE_URL: databaseUrl, UPLOADS_DIR: uploads, ...env };
    const [a, b] = await Promise.all([startServer(bundle, shared), startServer(bundle, shared)]);
    try {
      // Each process hears the others on the transport its configuration chose: one LISTEN connection each on
      // PostgreSQL, none when Redis carries the changes.
      const listening = await rows<{ count: number }>(
        sql`select count(*)::int as count from pg_stat_activity where application_name = 'naija-market-changes' and datname = current_database()`,
      );
      expect(listening[0]?.count).toBe(expected === 'postgres' ? 2 : 0);

      const productUrl = urlOf(customerProductEndpoints.one, { params: { id: product.id } });
      const listingUrl = urlOf(customerProductEndpoints.storeCatalog, {
        query: { storeId: merchant.storeId },
      });
      // A search for the runner the merchant adds below; B holds its matches (none yet) for its next pages.
      const searchUrl = urlOf(customerProductEndpoints.list, {
        query: { search: 'adire runner', sortBy: 'price_asc' },
      });
      // B holds the product page, the store's listing (with its total) and the search in its caches.
      for (const url of [productUrl, listingUrl, searchUrl]) await call(b.base, 'GET', url);
      const warm = await call(b.base, 'GET', productUrl);
      expect(warm.cache).toBe('hit');
      expect(warm.body.data.quantity).toBe(quantity);
      const listedBefore = (await call(b.base, 'GET', listingUrl)).body.data;
      expect(listedBefore.data.length).toBe(listedBefore.count);

      // The merchant signs in on A and changes the stock there.
      const session = (
        await call(a.base, 'POST', urlOf(authEndpoints.merchant.login), {
          body: { email: merchant.email, password: PASSWORD },
        })
      ).body.data;
      quantity -= 7;
      const changed = await call(a.base, 'PATCH', urlOf(productEndpoints.updateInventory), {
        token: session.accessToken,
        body: { productId: product.id, quantity },
      });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      const stockSeenInMs = await within(1000, async () => {
        const read = await call(b.base, 'GET', productUrl);
        return read.body.data.quantity === quantity;
      });
      expect(stockSeenInMs).toBeLessThan(1000);

      // The merchant's screen on B holds a live stream (issue 23); what happens on A reaches it through the bus.
      const live = await openLiveStream(b.base, session.accessToken);
      expect(live.status).toBe(200);
      expect(live.contentType).toContain('text/event-stream');
      await within(1000, async () => live.events.includes('ready'));

      // A new product approved on A is in B's listing, and in its total (kept apart from the answer cache), and in
      // B's search in another order (cut from held matches, also kept apart).
      const searchedBefore = (await call(b.base, 'GET', searchUrl)).body.data;
      const added = await approvedThrough(a.base, session.accessToken);
      await within(1000, async () => {
        const listing = (await call(b.base, 'GET', listingUrl)).body.data;
        return (
          listing.count === listedBefore.count + 1 &&
          listing.data.some((item: { id: string }) => item.id === added)
        );
      });
      await within(1000, async () => {
        const searchUrlNewest = urlOf(customerProductEndpoints.list, {
          query: { search: 'adire runner', sortBy: 'newest' },
        });
        const searched = (await call(b.base, 'GET', searchUrlNewest)).body.data;
        return searched.count === searchedBefore.count + 1 && searched.data[0]?.id === added;
      });

      // The approval is one event: A fans it out right after its commit while this process runs the fan-out
      // twice at once as well; the merchant is told once, and B's stream hears it.
      // (This process is on PostgreSQL's change bus; with Redis the two servers are not, so only they fan out.)
      if (expected === 'postgres')
        await Promise.all([setup.jobs.fanOutNotifications(), setup.jobs.fanOutNotifications()]);
      await within(3000, async () => live.events.includes('notifications'));
      live.close();
      const told = (
        await call(b.base, 'GET', urlOf(notificationEndpoints.list, { query: { limit: 100 } }), {
          token: session.accessToken,
        })
      ).body.data.notifications.filter(
        (entry: { kind: string; link: string | null }) =>
          entry.kind === 'product.decided' && entry.link === `/merchant/products/${added}/edit`,
      );
      expect(told).toHaveLength(1);

      // An image uploaded through A is served by B.
      const form = multipart('image', 'runner.png', 'image/png', await pngBytes());
      const uploaded = await fetch(`${a.base}/api/products/images`, {
        method: 'POST',
        headers: { authorization: `Bearer ${session.accessToken}`, ...form.headers },
        body: form.payload,
      });
      expect(uploaded.status).toBe(201);
      const imageUrl = new URL(((await uploaded.json()) as Answer).data.url, b.base);
      const image = await fetch(`${b.base}${imageUrl.pathname}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/webp');

      // Sessions live in the database: a token from A works on B, and signing out on A ends it on B.
      expect(
        (await call(b.base, 'GET', urlOf(productEndpoints.mine), { token: session.accessToken })).status,
      ).toBe(200);
      const out = await call(a.base, 'POST', urlOf(authEndpoints.merchant.logout), {
        token: session.accessToken,
        body: { refresh_token: session.refreshToken },
      });
      expect(out.status).toBe(200);
      const refreshed = await call(b.base, 'POST', urlOf(authEndpoints.merchant.refresh), {
        body: { refresh_token: session.refreshToken },
      });
      expect(refreshed.status).toBe(401);
      expect(refreshed.body.error).toBe('UNAUTHORIZED');
      const afterSignOut = await call(b.base, 'GET', urlOf(productEndpoints.mine), {
        token: session.accessToken,
      });
      expect(afterSignOut.status).toBe(401);

      // Sign-in guesses count on every process: ten wrong passwords for one email from one address, half on A
      // and half on B, spend the budget the pair has (ten), not ten on each.
      const stranger = `guesser.${Date.now()}.${expected}@example.ng`;
      const guess = (base: string) =>
        call(base, 'POST', urlOf(authEndpoints.customer.login), {
          body: { email: stranger, password: 'Wrong-guess-1' },
        });
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 10; attempt++)
        statuses.push((await guess(attempt % 2 === 0 ? a.base : b.base)).status);
      expect(statuses).toEqual(Array(10).fill(401));
      const limited = await guess(a.base);
      expect(limited.status).toBe(429);
      expect(limited.body.error).toBe('RATE_LIMITED');

      // Timed work: both processes send every timed job, pg-boss keeps one per period.
      const jobs = await rows<{ name: string; jobs: number; periods: number }>(
        sql`select name, count(*)::int as jobs, count(distinct singleton_on)::int as periods from pgboss.job where name = 'checkout.expire-unpaid' or name = 'mail.resend-outbox' group by name`,
      );
      expect(jobs.length).toBe(2);
      for (const job of jobs) expect(job.jobs, job.name).toBe(job.periods);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  }

  // Two servers start, build and serve each case: 42 s in a CI at load 25 beside the journeys, and the Redis case
  // passed 60 s there (CI of 1deac8c). The bound catches a hang; each check inside has its own deadline.
  const CASE_TIMEOUT_MS = 150_000;

  it(
    'without Redis (LISTEN/NOTIFY): a stock change on A is on B within a second; a sign-out on A holds on B',
    async () => {
      await agreeOnEverything({}, 'postgres');
    },
    CASE_TIMEOUT_MS,
  );

  it.skipIf(!redisUp)(
    'with Redis (pub/sub): the same',
    async () => {
      await agreeOnEverything({ REDIS_URL: redisUrl }, 'redis');
    },
    CASE_TIMEOUT_MS,
  );
});

describe.skipIf(!serverUrl)('processes starting together on a new PostgreSQL database', () => {
  it('both migrate it: one applies the migrations while the other waits, then finds nothing to do', async () => {
    const name = `test_migrate_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    const [one, two] = await Promise.all(
      [1, 2].map(() => openDatabase({ driver: 'postgres', url: url.toString(), max: 2 })),
    );
    try {
      const results = await Promise.allSettled([one!.migrate(), two!.migrate()]);
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
    } finally {
      await one!.close();
      await two!.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 60_000);
});
