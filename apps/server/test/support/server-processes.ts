import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/platform/config.js';
import { freePort } from './server-bundle.js';
import { openTestDatabase, type TestApp } from './test-app.js';

export { buildServerBundle, freePort, serverDir } from './server-bundle.js';

// Real server processes for tests of several processes (two-processes.test.ts, pgbouncer.test.ts): the bundle
// `npm start` runs, on plain node, each on a port and a data folder of its own.

export interface ServerProcess {
  base: string;
  stop(): Promise<void>;
}

/** One process of the real server: the bundle on plain node, as scripts/start.mjs runs it. */
export async function startServer(bundle: string, env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-two-processes-'));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--max-old-space-size=288', bundle], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  // A start takes about 5 s alone and can take 30 s beside the other test steps on two cores.
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    }
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not become healthy in 30 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { base, stop };
}

// biome-ignore lint/suspicious/noExplicitAny: answers are inspected field by field, as json() in test-app.ts does
export type Answer = { message: string; error?: string; data?: any };

export async function call(
  base: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; cache: string | null; body: Answer }> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return {
    status: response.status,
    cache: response.headers.get('x-cache'),
    body: (await response.json()) as Answer,
  };
}

/** Polls `read` until `done` holds; answers how long it took, or fails after `withinMs`. */
export async function within(withinMs: number, read: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await read()) return Date.now() - started;
    if (Date.now() - started > withinMs) throw new Error(`not seen within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * A PostgreSQL database of the test file's own (copied from the migrated template) and an app in this process on it,
 * to make accounts, stores and products before the server processes start. Its DATABASE_URL makes it one more
 * process on the change bus (LISTEN/NOTIFY), as the servers are. `close` closes the app; `drop` the database.
 */
export async function openSetupApp(): Promise<{ setup: TestApp; url: string; drop(): Promise<void> }> {
  const opened = await openTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-test-'));
  const built = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://localhost:3000',
      DATA_DIR: dataDir,
      DATABASE_URL: opened.url!,
    }),
    database: opened.database,
    logger: false,
    responseCache: false,
  });
  await built.app.ready();
  const setup: TestApp = {
    ...built,
    database: opened.database,
    async close() {
      await built.app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return { setup, url: opened.url!, drop: opened.drop };
}
