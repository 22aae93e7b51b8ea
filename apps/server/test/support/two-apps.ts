import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/platform/config.js';
import { openDatabase } from '../../src/platform/db/client.js';
import { openTestDatabase, type TestApp } from './test-app.js';

/**
 * Two server processes without Redis on one PostgreSQL database, as a load balancer's pool runs them (ADR 043):
 * two apps built from the same configuration (`DATABASE_URL` set, so each builds what a real process builds: its
 * own pool, its own rate limiters, its own caches), each on a pool of its own. Undefined without TEST_DATABASE_URL.
 */
export async function openTwoApps(
  env: Record<string, string> = {},
): Promise<{ a: TestApp; b: TestApp; close(): Promise<void> } | undefined> {
  if (!process.env.TEST_DATABASE_URL) {
    console.warn('\n!!! TWO-APP TEST SKIPPED: it needs PostgreSQL; set TEST_DATABASE_URL !!!\n');
    return undefined;
  }
  const { database: first, url, drop } = await openTestDatabase();
  const apps: TestApp[] = [];
  for (const database of [first, await openDatabase({ driver: 'postgres', url: url!, max: 10 })]) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-two-apps-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://localhost:3000',
      DATA_DIR: dataDir,
      DATABASE_URL: url!,
      ...env,
    });
    const { app, deps, jobs } = await buildApp({ config, database, logger: false, responseCache: false });
    await app.ready();
    apps.push({
      app,
      deps,
      jobs,
      database,
      async close() {
        await app.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    });
  }
  const [a, b] = apps as [TestApp, TestApp];
  return {
    a,
    b,
    async close() {
      await a.close();
      await b.close();
      await b.database.close();
      await drop();
    },
  };
}
