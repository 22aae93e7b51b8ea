import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { categoryEndpoints, systemEndpoints } from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { urlOf } from '../support/contract-requests.js';
import { buildServerBundle, freePort, serverDir } from '../support/server-bundle.js';

// Issue 31, finding 10: production mode as a real process starts it. NODE_ENV=production with a secret of its
// own hides the API docs and the development outbox (404) and sends security headers on pages and API answers;
// the default secret on every interface refuses to start.

// The process is the server bundle on plain node, as `npm start` runs it (scripts/start.mjs), built once for the
// file. Under tsx each start also loaded and compiled the server's TypeScript: the file took 19-22 CPU-seconds
// (user + sys, alone on one worker) and takes 15-16 with the bundle.
let bundle = '';
let removeBundle: () => void = () => undefined;
beforeAll(async () => {
  const building = buildServerBundle();
  removeBundle = building.remove;
  await building.built;
  bundle = building.bundle;
}, 120_000);
afterAll(() => removeBundle());

function start(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-production-'));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--max-old-space-size=288', bundle], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
      DATABASE_URL: '',
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
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe('production mode, as a real process', () => {
  let server: ReturnType<typeof start>;
  let base = '';
  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = start({
      NODE_ENV: 'production',
      JWT_SECRET: 'a-production-secret-of-its-own-0123456789',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
    });
    const deadline = Date.now() + 240_000;
    for (;;) {
      if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.output()}`);
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`server did not start in 240 s:\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 300_000);
  afterAll(() => server?.stop());

  it('hides the API docs and the development outbox (404 envelope), even from this machine', async () => {
    for (const url of [
      '/api/docs',
      '/api/docs/json',
      urlOf(systemEndpoints.outbox),
      urlOf(systemEndpoints.outbox, { query: { to: 'a@b.ng' } }),
    ]) {
      const response = await fetch(`${base}${url}`);
      expect(response.status, url).toBe(404);
      expect(await response.json()).toEqual({ message: 'Not found', error: 'NOT_FOUND' });
    }
  });

  it('sends the security headers on pages and on API answers', async () => {
    for (const url of [
      '/',
      '/products/00000000-0000-4000-8000-000000000000',
      urlOf(systemEndpoints.apiHealth),
      urlOf(categoryEndpoints.create),
    ]) {
      const response = await fetch(`${base}${url}`);
      const headers = response.headers;
      expect(headers.get('content-security-policy'), url).toContain("default-src 'self'");
      expect(headers.get('x-content-type-options'), url).toBe('nosniff');
      expect(headers.get('x-frame-options') ?? headers.get('content-security-policy'), url).toMatch(
        /SAMEORIGIN|frame-ancestors/i,
      );
      expect(headers.get('strict-transport-security'), url).toMatch(/max-age=\d+/);
      expect(headers.get('referrer-policy'), url).toBeTruthy();
      expect(headers.get('x-powered-by'), url).toBeNull();
    }
  });
});

describe('the default secret', () => {
  it('refuses to start on every interface (HOST=0.0.0.0), naming JWT_SECRET', async () => {
    const server = start({ NODE_ENV: 'development', HOST: '0.0.0.0', PORT: String(await freePort()) });
    try {
      const code = await Promise.race([
        server.exited,
        new Promise<'running'>((resolve) => setTimeout(() => resolve('running'), 180_000)),
      ]);
      expect(code).toBe(1);
      expect(server.output()).toMatch(/JWT_SECRET/);
    } finally {
      await server.stop();
    }
  }, 240_000);
});
