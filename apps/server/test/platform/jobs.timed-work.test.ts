import net, { type AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/platform/config.js';
import {
  createJobRunner,
  type JobHandler,
  type JobRunner,
  type RetryOptions,
  type Schedule,
} from '../../src/platform/jobs/index.js';
import { outboxMails } from '../../src/platform/mail/mail.schema.js';
import { createMailer } from '../../src/platform/mail/mailer.js';
import { createTestApp, openTestDatabase, type TestApp } from '../support/test-app.js';

/** A runner that only records what the app registers on it. */
function recordingRunner() {
  const schedules = new Map<string, { when: Schedule; handler: JobHandler<null>; options?: RetryOptions }>();
  const runner: JobRunner = {
    kind: 'in-process',
    define() {},
    schedule(name, when, handler, options) {
      schedules.set(name, { when, handler, options });
    },
    enqueue: async () => null,
    start: async () => undefined,
    stop: async () => undefined,
    stats: async () => [],
  };
  return { runner, schedules };
}

describe('RETURN_WINDOW_DAYS', () => {
  it('defaults to 7 days and takes a whole number of days from 1 to 90', () => {
    expect(loadConfig({}).returnWindowDays).toBe(7);
    expect(loadConfig({ RETURN_WINDOW_DAYS: '14' }).returnWindowDays).toBe(14);
    for (const bad of ['0', '91', '1.5', 'seven', '-3']) {
      expect(() => loadConfig({ RETURN_WINDOW_DAYS: bad })).toThrow(/RETURN_WINDOW_DAYS/);
    }
  });
});

describe('timed work registered by the app', () => {
  const recorded = recordingRunner();
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ scheduler: recorded.runner });
  });
  afterAll(async () => {
    await test?.close();
  });

  it('registers checkout expiry, order completion, renewals, late payouts, refund retries, mail resending, notifications, SMS, reconciliation, idempotency keys, money roll-ups and maintenance with their periods', () => {
    const table = Object.fromEntries(
      [...recorded.schedules].map(([name, { when, options }]) => [name, { when, options }]),
    );
    expect(table).toEqual({
      'checkout.expire-unpaid': {
        when: { everySeconds: 60 },
        options: { retryLimit: 2, retryDelay: 10, backoff: true },
      },
      'catalog.fold-sales': {
        when: { everySeconds: 60 },
        options: { retryLimit: 2, retryDelay: 10, backoff: true },
      },
      'catalog.run-imports': {
        when: { everySeconds: 60 },
        options: { retryLimit: 1, retryDelay: 30, backoff: false },
      },
      'orders.complete-after-return-window': {
        when: { everySeconds: 3_600 },
        options: { retryLimit: 2, retryDelay: 60, backoff: true },
      },
      'subscriptions.renew': {
        when: { everySeconds: 900 },
        options: { retryLimit: 2, retryDelay: 60, backoff: true },
      },
      'payouts.confirm-late': {
        when: { everySeconds: 900 },
        options: { retryLimit: 2, retryDelay: 60, backoff: true },
      },
      'refunds.retry-failed': {
        when: { everySeconds: 60 },
        options: { retryLimit: 2, retryDelay: 10, backoff: true },
      },
      'mail.resend-outbox': {
        when: { everySeconds: 30 },
        options: { retryLimit: 2, retryDelay: 5, backoff: true },
      },
      // The admins' daily digest at 07:00 Lagos (issue 36, ADR 090).
      'notifications.admin-digest': {
        when: '0 6 * * *',
        options: { retryLimit: 2, retryDelay: 300, backoff: true },
      },
      'notifications.fan-out': {
        when: { everySeconds: 15 },
        options: { retryLimit: 2, retryDelay: 5, backoff: true },
      },
      'notifications.timed-notices': {
        when: { everySeconds: 300 },
        options: { retryLimit: 2, retryDelay: 30, backoff: true },
      },
      'sms.send-outbox': {
        when: { everySeconds: 30 },
        options: { retryLimit: 2, retryDelay: 5, backoff: true },
      },
      'reconciliation.daily': {
        when: '30 5 * * *',
        options: { retryLimit: 2, retryDelay: 600, backoff: true },
      },
      'ledger.fold-rollups': {
        when: { everySeconds: 10 },
        options: { retryLimit: 2, retryDelay: 5, backoff: true },
      },
      'http.purge-idempotency-keys': {
        when: { everySeconds: 3_600 },
        options: { retryLimit: 1, retryDelay: 60, backoff: false },
      },
      'wishlist.notices': {
        when: { everySeconds: 900 },
        options: { retryLimit: 1, retryDelay: 60, backoff: false },
      },
      // A sale's first and last day move listing prices within a minute (ADR 095).
      'catalog.sale-days': {
        when: { everySeconds: 60 },
        options: { retryLimit: 2, retryDelay: 10, backoff: true },
      },
      'orders.service-level-notices': {
        when: { everySeconds: 300 },
        options: { retryLimit: 1, retryDelay: 60, backoff: false },
      },
      'database.maintain': {
        when: { everySeconds: 21_600 },
        options: { retryLimit: 1, retryDelay: 60, backoff: false },
      },
    });
  });

  it('the checkout job runs the checkout sweep, the maintenance job the database housekeeping', async () => {
    await expect(
      recorded.schedules
        .get('checkout.expire-unpaid')
        ?.handler(null, { id: 'x', name: 'checkout.expire-unpaid' }),
    ).resolves.toBeUndefined();
    await expect(
      recorded.schedules.get('database.maintain')?.handler(null, { id: 'y', name: 'database.maintain' }),
    ).resolves.toBeUndefined();
    await expect(
      recorded.schedules.get('subscriptions.renew')?.handler(null, { id: 'z', name: 'subscriptions.renew' }),
    ).resolves.toBeUndefined();
    await expect(
      recorded.schedules
        .get('payouts.confirm-late')
        ?.handler(null, { id: 'p', name: 'payouts.confirm-late' }),
    ).resolves.toBeUndefined();
  });

  it('runs in process on PGlite and on pg-boss with DATABASE_URL (nothing connects before start)', async () => {
    const logger = pino({ level: 'silent' });
    expect(createJobRunner(loadConfig({}), logger).kind).toBe('in-process');
    const onPostgres = createJobRunner(
      loadConfig({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }),
      logger,
    );
    expect(onPostgres.kind).toBe('pg-boss');
    await onPostgres.stop();
  });
});

describe('failed mail waits its back-off before the resend job tries it again', () => {
  it('a delivery failure records the error; the mail is not claimed again until 30 s have passed', async () => {
    // A port that refuses connections: every delivery fails at once.
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const { database, drop } = await openTestDatabase();
    const mailer = createMailer({
      db: database.db,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Naija Market <hello@naijamarket.test>',
      logger: pino({ level: 'silent' }),
      poll: false,
    });
    try {
      await database.db
        .insert(outboxMails)
        .values({ to: 'ada@example.ng', subject: 'Hi', text: 'Hi', html: 'Hi' });
      expect(await mailer.flush()).toBe(1);
      const [failed] = await database.db
        .select()
        .from(outboxMails)
        .where(eq(outboxMails.to, 'ada@example.ng'));
      expect(failed?.attempts).toBe(1);
      expect(failed?.sentAt).toBeNull();
      expect(failed?.lastError).toBeTruthy();
      // What the resend job does every 30 s: nothing is due yet.
      expect(await mailer.flush()).toBe(0);
      // 31 s later (moved back rather than waited for): due again; the second failure waits 60 s.
      await database.db.execute(sql`update outbox_mails set claimed_at = claimed_at - interval '31 seconds'`);
      expect(await mailer.flush()).toBe(1);
      await database.db.execute(sql`update outbox_mails set claimed_at = claimed_at - interval '31 seconds'`);
      expect(await mailer.flush()).toBe(0);
      await database.db.execute(sql`update outbox_mails set claimed_at = claimed_at - interval '30 seconds'`);
      expect(await mailer.flush()).toBe(1);
    } finally {
      await mailer.stop();
      await drop();
    }
  });
});
