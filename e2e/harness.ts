import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Debian's Chromium first, then any browser Playwright installed itself. */
export function findChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const candidate of candidates) if (candidate && fs.existsSync(candidate)) return candidate;
  try {
    const bundled = chromium.executablePath();
    if (bundled && fs.existsSync(bundled)) return bundled;
  } catch {
    // playwright-core ships no browser of its own; nothing else to try.
  }
  return undefined;
}

export const chromiumPath = findChromium();
if (!chromiumPath) {
  const message =
    "\n\n!!! BROWSER JOURNEYS SKIPPED: no Chromium found (install Debian's `chromium` or set CHROMIUM_PATH) !!!\n\n";
  if (process.env.CI === 'true') throw new Error(`${message}Under CI=true a missing browser is a failure.`);
  console.warn(message);
}

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
  stop(): Promise<void>;
}

/**
 * The real server as `npm start` runs it (scripts/start.mjs: the server bundle on plain node with its heap bounds,
 * built first when stale) on a free port with its own data folder, demo data seeded.
 */
export async function startApp(): Promise<RunningApp> {
  ensureWebBuild();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-e2e-'));
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
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // A fresh embedded database migrates and seeds the demo catalog first: minutes on a busy two-core machine.
  const deadline = Date.now() + 240_000;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
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
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // The starter passes it on to the server and exits with it.
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  if (!chromiumPath) throw new Error('no Chromium');
  return chromium.launch({
    executablePath: chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/** A phone-sized page (360 px wide), as most customers in Nigeria use the product. */
export async function phoneContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, locale: 'en-NG' });
}

export interface Journey {
  /** The running server's address (set once the file's `beforeAll` has run). */
  readonly baseUrl: string;
  /** A 360 px phone context, closed when the file ends. */
  phone(): Promise<BrowserContext>;
  /** A context with other options (a desktop viewport, JavaScript off), closed when the file ends. */
  context(options: BrowserContextOptions): Promise<BrowserContext>;
}

/**
 * A journey file's set-up: the real server and one Chromium for the whole file, and every context it opens
 * closed before them, so no file repeats the start, launch and clean-up.
 */
export function useJourney(): Journey {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const running = () => {
    if (!app || !browser) throw new Error('the journey is not set up: call useJourney() inside describe');
    return { app, browser };
  };
  const track = (context: BrowserContext) => {
    contexts.push(context);
    return context;
  };

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await app?.stop();
  });

  return {
    get baseUrl() {
      return running().app.baseUrl;
    },
    phone: async () => track(await phoneContext(running().browser)),
    context: async (options) => track(await running().browser.newContext(options)),
  };
}

/** The password of every demo account. */
export const DEMO_PASSWORD = 'Demo1234!';

/** Signs an account in through its own sign-in page (the demo password unless another is given). */
export async function signIn(
  page: Page,
  baseUrl: string,
  kind: string,
  email: string,
  password = DEMO_PASSWORD,
) {
  await page.goto(`${baseUrl}/${kind}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
}

/** A 360 px phone must never scroll sideways. */
export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
  expect(overflow).toBeLessThanOrEqual(0);
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/** The newest mail to an address, read from the development outbox. */
export async function newestMail(baseUrl: string, to: string): Promise<OutboxMail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const response = await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(to)}&limit=1`);
    const body = (await response.json()) as { data: OutboxMail[] };
    if (body.data[0]) return body.data[0];
    if (Date.now() > deadline) throw new Error(`no mail for ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export const screenshotsDir = path.join(root, 'e2e/artifacts');
