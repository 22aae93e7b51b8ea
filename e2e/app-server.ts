import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The real server for the journeys, without any of vitest's test API, so the global set-up can use it too.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function newestChange(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestChange(path.join(target, entry)));
  return newest;
}

/** Builds the web app unless a build newer than its sources exists (each journey file asks; one build serves all). */
export function ensureWebBuild(): void {
  const dist = path.join(root, 'apps/web/dist/index.html');
  if (process.env.E2E_SKIP_BUILD === 'true' && fs.existsSync(dist)) return;
  const sources = [
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/public',
    'packages/contracts/src',
  ];
  const manifest = path.join(root, 'apps/web/dist/.vite/manifest.json');
  // The server renderer of the public pages (ADR 029) is built after the browser build, by the same script.
  const renderer = path.join(root, 'apps/web/dist-server/entry-server.js');
  const builtAt =
    fs.existsSync(dist) && fs.existsSync(manifest) && fs.existsSync(renderer) ? fs.statSync(dist).mtimeMs : 0;
  if (builtAt > Math.max(...sources.map((source) => newestChange(path.join(root, source))))) return;
  // Vitest sets NODE_ENV=test, which would build React's development bundle: the journeys and the bundle budget
  // must see what production serves.
  execFileSync('npm', ['run', 'build', '-w', '@market/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

/** Signals the starter and the server it spawned (the group `detached` gave the starter). */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

export interface RunningApp {
  baseUrl: string;
  /** The server's data folder (the embedded database and uploads). */
  dataDir: string;
  /** Stops the server; its data folder is removed unless `keepData` is set. */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

export interface StartOptions {
  /** A data folder already migrated and seeded, copied for this server (the server never writes to it). */
  seededFrom?: string | null;
  /**
   * Settings of this server only (SANDBOX_TRANSFER_OTP…). Never set them on `process.env`: journey files share their
   * worker (`isolate: false`), and a setting left there reached the next file's server (the payouts journey's
   * transfer then waited for an OTP).
   */
  env?: Record<string, string>;
}

/**
 * The real server as `npm start` runs it (scripts/start.mjs: the server bundle on plain node with its heap bounds,
 * built first when stale) on a free port with its own data folder, demo data seeded.
 */
export async function startApp(options: StartOptions = {}): Promise<RunningApp> {
  ensureWebBuild();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-e2e-'));
  // A copy of the data folder the global set-up seeded once (the demo marketplace, migrated): the server starts on
  // it in a second or two instead of migrating and seeding afresh for every journey file.
  if (options.seededFrom) fs.cpSync(options.seededFrom, dataDir, { recursive: true });
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    // Its own process group, so that a server that never became healthy is killed with its starter.
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: '',
      ...options.env,
    },
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  // What the server wrote to stderr is passed on as ever, and its end kept: a server that exits during its start says why.
  let stderrTail = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    stderrTail = (stderrTail + chunk.toString('utf8')).slice(-4000);
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // A fresh embedded database migrates and seeds the demo catalog first: minutes on a busy two-core machine.
  const deadline = Date.now() + 240_000;
  try {
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`server exited with ${child.exitCode} during its start:\n${stderrTail}`);
      try {
        const response = await fetch(`${baseUrl}/api/health`);
        if (response.ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error('server did not become healthy in 240 s');
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  } catch (error) {
    // A server that never became healthy must not live on and slow every later journey.
    if (child.exitCode === null) signalGroup(child, 'SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseUrl,
    dataDir,
    async stop(stopOptions = {}) {
      // A server stopped already (a journey that restarts it) has nothing to wait for: its exit came and went.
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        // The starter passes it on to the server, which closes the database cleanly, and exits with it.
        child.kill('SIGTERM');
        await exited;
      }
      if (!stopOptions.keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
