import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.js';

// A stop used to close the pools under a notification fan-out already running ("Cannot use a pool after calling end
// on the pool"): the app's close now waits for it.
it('a fan-out running when the server stops finishes before the database closes', async () => {
  const test = await createTestApp();
  let finished = false;
  let failure: unknown;
  test.jobs.fanOutNotifications = async () => {
    try {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await test.deps.db.execute(sql`select 1`);
      finished = true;
    } catch (error) {
      failure = error;
    }
    return 0;
  };
  await test.deps.events.emit(test.deps.db, {
    kind: 'contact.message',
    key: `stop-test-${Date.now()}`,
    audience: [{ admins: 'contact:read' }],
    params: {},
  });
  // The fan-out starts 250 ms after the event; stop while it is running.
  await new Promise((resolve) => setTimeout(resolve, 400));
  await test.close();
  expect(failure).toBeUndefined();
  expect(finished).toBe(true);
});
