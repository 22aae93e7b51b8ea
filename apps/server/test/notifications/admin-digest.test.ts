import { randomUUID } from 'node:crypto';
import { notificationEndpoints } from '@market/contracts';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../src/modules/notifications/notifications.schema.js';
import { outboxMails } from '../../src/platform/mail/mail.schema.js';
import { requestOf } from '../support/contract-requests.js';
import { pglite } from '../support/postgres-proofs.js';
import { bearer, createAdmin, createTestApp, json, type TestApp } from '../support/test-app.js';
import { openTwoApps } from '../support/two-apps.js';

// The admins' daily digest (issue 36): an admin who chooses it hears of approvals, orders waiting for a carrier
// and failed refunds once a day instead of a message each (each still shows in the app); the digest is sent once
// per admin per day however many times, and by however many processes, the job runs.

type Admin = Awaited<ReturnType<typeof createAdmin>>;

const chooseDigest = (test: TestApp, admin: Admin, dailyDigest: boolean) =>
  test.app.inject({
    ...requestOf(notificationEndpoints.updateSettings),
    headers: bearer(admin.accessToken),
    payload: { dailyDigest },
  });

/** An order left in the queue, as the timed notices tell it: admins who assign hear of it. */
async function queueWaiting(test: TestApp, orderNumber: string) {
  await test.deps.events.emit(test.deps.db, {
    kind: 'queue.waiting',
    key: `queue.waiting:test:${orderNumber}`,
    audience: [{ admins: 'orders:assign' }],
    params: { orderId: randomUUID(), orderNumber, minutes: 95 },
  });
  await test.jobs.fanOutNotifications();
}

const mailsTo = (test: TestApp, admin: Admin) =>
  test.deps.db.select().from(outboxMails).where(eq(outboxMails.to, admin.email));
const digestsOf = (test: TestApp, admin: Admin) =>
  test.deps.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, admin.id), eq(notifications.kind, 'admin.digest')));

pglite.describe('on one process', () => {
  let test: TestApp;
  let digesting: Admin;
  let eachEvent: Admin;
  let dispatcher: Admin;
  beforeAll(async () => {
    test = await createTestApp();
    [digesting, eachEvent, dispatcher] = [
      await createAdmin(test, 'superadmin'),
      await createAdmin(test, 'superadmin'),
      await createAdmin(test, 'dispatcher'),
    ];
  }, 120_000);
  afterAll(() => test.close());

  it('an admin who chose the digest gets no mail per waiting order; one who did not still does', async () => {
    expect((await chooseDigest(test, digesting, true)).statusCode).toBe(200);
    expect((await chooseDigest(test, dispatcher, true)).statusCode).toBe(200);
    await queueWaiting(test, 'NM-DIGEST-1');
    const subject = 'Order NM-DIGEST-1 is waiting for a carrier';
    expect((await mailsTo(test, eachEvent)).filter((mail) => mail.subject === subject)).toHaveLength(1);
    expect((await mailsTo(test, digesting)).filter((mail) => mail.subject === subject)).toHaveLength(0);
    // Still in the app for both.
    for (const admin of [digesting, eachEvent]) {
      const listed = json(
        await test.app.inject({
          ...requestOf(notificationEndpoints.list, { query: { limit: 50 } }),
          headers: bearer(admin.accessToken),
        }),
      ).data.notifications as { title: string }[];
      expect(listed.some((entry) => entry.title === subject)).toBe(true);
    }
  });

  it('sends exactly one digest a day to each admin who chose it, however often the job runs', async () => {
    await Promise.all([test.jobs.adminDigests(), test.jobs.adminDigests(), test.jobs.adminDigests()]);
    await test.jobs.adminDigests();
    await test.jobs.fanOutNotifications();
    await test.jobs.adminDigests();
    await test.jobs.fanOutNotifications();
    const [digest, ...more] = await digestsOf(test, digesting);
    expect(more).toHaveLength(0);
    expect(digest!.body).toMatch(/Waiting for a carrier: \d+ orders?\./);
    expect(digest!.body).toMatch(/Failed refunds to decide: \d+\./);
    const mails = (await mailsTo(test, digesting)).filter((mail) =>
      mail.subject.startsWith('Your daily digest'),
    );
    expect(mails).toHaveLength(1);
    // Nobody who did not choose it; a dispatcher's digest has only the part its permissions cover.
    expect(await digestsOf(test, eachEvent)).toHaveLength(0);
    const [dispatchers, ...again] = await digestsOf(test, dispatcher);
    expect(again).toHaveLength(0);
    expect(dispatchers!.body).toMatch(/^Waiting for a carrier: \d+ orders?\.$/);
  });

  it('a digest turned off is not sent the next time', async () => {
    expect((await chooseDigest(test, digesting, false)).statusCode).toBe(200);
    expect((await chooseDigest(test, dispatcher, false)).statusCode).toBe(200);
    const { notificationEvents } = await import('../../src/platform/notify/events.schema.js');
    await test.deps.db.delete(notificationEvents).where(like(notificationEvents.key, 'admin.digest:%'));
    expect(await test.jobs.adminDigests()).toBe(0);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('on two processes (PostgreSQL)', () => {
  let pair: NonNullable<Awaited<ReturnType<typeof openTwoApps>>>;
  beforeAll(async () => {
    pair = (await openTwoApps())!;
  }, 120_000);
  afterAll(() => pair?.close());

  it('two processes running the job at once send each admin one digest', async () => {
    const admins = [await createAdmin(pair.a, 'superadmin'), await createAdmin(pair.a, 'superadmin')];
    for (const admin of admins) expect((await chooseDigest(pair.a, admin, true)).statusCode).toBe(200);
    await Promise.all([
      pair.a.jobs.adminDigests(),
      pair.b.jobs.adminDigests(),
      pair.a.jobs.adminDigests(),
      pair.b.jobs.adminDigests(),
    ]);
    await Promise.all([pair.a.jobs.fanOutNotifications(), pair.b.jobs.fanOutNotifications()]);
    for (const admin of admins) {
      expect(await digestsOf(pair.a, admin)).toHaveLength(1);
      const mails = (await mailsTo(pair.b, admin)).filter((mail) =>
        mail.subject.startsWith('Your daily digest'),
      );
      expect(mails).toHaveLength(1);
    }
  });
});
