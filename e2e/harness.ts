import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { apiFetch } from './api-fetch';
import { type RunningApp, startApp } from './app-server.js';

export { ensureWebBuild, type RunningApp, startApp } from './app-server.js';

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

/** Chromium as the journeys run it; `extraArgs` for a journey that needs more (a fake camera). */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  if (!chromiumPath) throw new Error('no Chromium');
  return chromium.launch({
    executablePath: chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', ...extraArgs],
  });
}

/**
 * A phone-sized page (360 px wide), as most customers in Nigeria use the product. One device pixel per CSS pixel:
 * the layout, the text and what a journey checks are the same as at a phone's 2 or 3, and Chromium rasterises a
 * quarter of the pixels without a GPU (the fulfilment journey: 40 CPU-seconds instead of 45, ADR 108).
 */
export async function phoneContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 1, locale: 'en-NG' });
}

export interface Journey {
  /** The running server's address (set once the file's `beforeAll` has run). */
  readonly baseUrl: string;
  /** A 360 px phone context, closed when the file ends. */
  phone(): Promise<BrowserContext>;
  /** A context with other options (a desktop viewport, JavaScript off), closed when the file ends. */
  context(options: BrowserContextOptions): Promise<BrowserContext>;
  /**
   * Time passes while the server is down (a return window closing): every context is closed, the server stopped,
   * `change` run on its data folder (the embedded database is at `<dataDir>/db`), and a server started on that data
   * (it runs the work that fell due while it was down). Open new contexts afterwards.
   */
  restart(change: (dataDir: string) => Promise<void>): Promise<void>;
}

/**
 * One Chromium per journey worker: files share their worker's modules (`isolate: false`), so the browser launched for
 * the first file serves the next ones, each in contexts of its own (a context has its own cookies, storage and
 * cache). A launch costs about 1.5 CPU-seconds. A browser that went away is launched again; Playwright closes it when
 * the worker exits.
 */
let workerBrowser: Promise<Browser> | undefined;
export async function sharedBrowser(): Promise<Browser> {
  const current = workerBrowser ? await workerBrowser.catch(() => undefined) : undefined;
  if (current?.isConnected()) return current;
  workerBrowser = launchBrowser();
  return workerBrowser;
}

/** A file's end with the worker's browser: the contexts it opened are closed, the browser stays for the next file. */
export async function closeContexts(browser: Browser | undefined): Promise<void> {
  for (const context of browser?.contexts() ?? []) await context.close().catch(() => undefined);
}

/**
 * A journey file's set-up: the real server and the worker's Chromium for the whole file, and every context it opens
 * closed before the server stops, so no file repeats the start, launch and clean-up.
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
    // The browser starts (for the worker's first file) while the server does; a server that started is stopped by
    // afterAll if the browser failed.
    const [started, launched] = await Promise.allSettled([
      startApp({ seededFrom: inject('seededDataDir') }),
      sharedBrowser(),
    ]);
    if (started.status === 'fulfilled') app = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await app?.stop();
  });

  return {
    get baseUrl() {
      return running().app.baseUrl;
    },
    phone: async () => track(await phoneContext(running().browser)),
    context: async (options) => track(await running().browser.newContext(options)),
    async restart(change) {
      const stopped = running().app;
      for (const context of contexts.splice(0)) await context.close().catch(() => undefined);
      await stopped.stop({ keepData: true });
      await change(stopped.dataDir);
      app = await startApp({ seededFrom: stopped.dataDir });
      fs.rmSync(stopped.dataDir, { recursive: true, force: true });
    },
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

/**
 * How long a journey waits for what the notifications job writes after the answer (a notice in the app, a mail, an
 * SMS): on a loaded CI machine (three journeys beside the server tests) it took over 10 s.
 */
export const OUTBOX_PATIENCE_MS = 30_000;

/** The newest mail to an address, read from the development outbox. */
export async function newestMail(baseUrl: string, to: string): Promise<OutboxMail> {
  const deadline = Date.now() + OUTBOX_PATIENCE_MS;
  for (;;) {
    const response = await apiFetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(to)}&limit=1`);
    const body = (await response.json()) as { data: OutboxMail[] };
    if (body.data[0]) return body.data[0];
    if (Date.now() > deadline) throw new Error(`no mail for ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export interface OutboxSms {
  to: string;
  text: string;
  segments: number;
}

/** The first SMS to a number (newest first) that matches, read from the development SMS outbox. */
export async function awaitSms(baseUrl: string, to: string, matches: RegExp): Promise<OutboxSms> {
  const deadline = Date.now() + OUTBOX_PATIENCE_MS;
  for (;;) {
    const response = await apiFetch(`${baseUrl}/api/dev/sms-outbox?to=${encodeURIComponent(to)}&limit=20`);
    const body = (await response.json()) as { data: OutboxSms[] };
    const found = body.data.find((sms) => matches.test(sms.text));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no SMS to ${to} matching ${matches}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The first mail to an address (newest first) whose subject or text matches, read from the development outbox. */
export async function awaitMail(baseUrl: string, to: string, matches: RegExp): Promise<OutboxMail> {
  const deadline = Date.now() + OUTBOX_PATIENCE_MS;
  for (;;) {
    const response = await apiFetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(to)}&limit=20`);
    const body = (await response.json()) as { data: OutboxMail[] };
    const found = body.data.find((mail) => matches.test(mail.subject) || matches.test(mail.text));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${matches}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const axeSource = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

/** The WCAG 2.2 A and AA rules (ADR 057's journeys keep every account's pages clean of them). */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * Runs axe-core's WCAG 2.2 A and AA rules over the page as it stands, once its spinners are gone, and fails on any
 * serious or critical violation, naming the rule and the elements.
 */
/** Best-practice rules held as strictly as WCAG's serious ones: one main heading, and no skipped heading level. */
const structureRules = ['page-has-heading-one', 'heading-order'];

export async function expectNoSeriousAxeViolations(page: Page, label: string) {
  await page.locator('h1').first().waitFor();
  // Sections that load as the reader scrolls near them (reviews below a product) are scrolled to, as a reader
  // would, so the check covers them instead of waiting on their placeholder for ever.
  await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
  await expect.poll(() => page.locator('.animate-spin, .animate-pulse').count(), { timeout: 15_000 }).toBe(0);
  // Evaluated through the DevTools protocol, so the page's Content-Security-Policy does not stop it.
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(axeSource);
  const violations = await page.evaluate(
    async ({ values, rules }) => {
      const { axe, document } = globalThis as unknown as {
        axe: { run: (context: unknown, options: unknown) => Promise<unknown> };
        document: unknown;
      };
      const results = (await axe.run(document, {
        runOnly: { type: 'tag', values },
        // Two best-practice rules a screen-reader user leans on to find their way; axe rates them moderate.
        rules: Object.fromEntries(rules.map((rule) => [rule, { enabled: true }])),
      })) as {
        violations: AxeViolation[];
      };
      return results.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        nodes: violation.nodes.slice(0, 5).map((node) => ({
          target: node.target,
          failureSummary: node.failureSummary,
        })),
      }));
    },
    { values: wcagTags, rules: structureRules },
  );
  const serious = violations.filter(
    (violation) =>
      violation.impact === 'serious' ||
      violation.impact === 'critical' ||
      structureRules.includes(violation.id),
  );
  const described = serious.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes
        .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`)
        .join('\n')}`,
  );
  // The rules and elements in the message itself, so a failure reads without the diff.
  expect(described, `axe on ${label} (${page.url()}):\n${described.join('\n')}`).toEqual([]);
}

export const screenshotsDir = path.join(root, 'e2e/artifacts');
