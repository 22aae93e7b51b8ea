import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { redactUrl } from '../logger.js';
import { servePlainPage } from './busy.js';
import type { ResponseCache } from './response-cache.js';
import {
  backgroundRevalidations,
  inProcessClaims,
  type Lifetime,
  lifetimeFrom,
} from './stale-while-revalidate.js';
import { canonicalTags, type PageMeta, renderPage } from './web-page.js';

/** What `apps/web/src/entry-server.tsx` exports (built to `apps/web/dist-server/entry-server.js`). */
interface WebRenderer {
  configure(options: { fetch: typeof fetch }): void;
  render(url: string): Promise<{ html: string; state: string; status: number; redirect?: string }>;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

const customerLayout = 'src/app/layouts/customer-layout.tsx';
const storefrontLayout = 'src/app/routes/storefront/layout.tsx';
/**
 * The server-rendered pages (issues 10 and 11) and the lazy route modules each loads, as named in
 * `apps/web/src/app/router.tsx` (the bundle budget, e2e/bundle-budget.e2e.ts, lists the same).
 */
export const renderedPages: Record<string, string[]> = {
  '/': [customerLayout, 'src/app/routes/customer/home.tsx'],
  '/search': [customerLayout, 'src/app/routes/customer/search.tsx'],
  '/categories/:categoryId': [customerLayout, 'src/app/routes/customer/category.tsx'],
  '/products/:productId': [customerLayout, 'src/app/routes/customer/product.tsx'],
  '/storefront/:merchantUrl': [customerLayout, storefrontLayout, 'src/app/routes/storefront/home.tsx'],
  '/storefront/:merchantUrl/categories/:categoryParam': [
    customerLayout,
    storefrontLayout,
    'src/app/routes/storefront/category.tsx',
  ],
  '/storefront/:merchantUrl/products/:productId': [
    customerLayout,
    storefrontLayout,
    'src/app/routes/storefront/product.tsx',
  ],
};

interface RenderedAnswer {
  status: number;
  /** UTF-8 bytes: kept as a string, a page with a naira sign would be stored two bytes a character. */
  body: Buffer;
  etag: string;
  /** Compressed once when stored, so a cached page costs no compression per request. */
  br: Buffer;
  gzip: Buffer;
}

/** A stored page as a look-up finds it: past its freshness but within its bound, it is `stale`. */
export type StoredPage = RenderedAnswer & { stale: boolean };

/**
 * Anonymous pages kept in process; an entry counts only under the catalog cache's version it was rendered at. Its
 * freshness and staleness bounds are the response cache's (ADR 110, amended): fresh for 27–30 s, jittered, then stale
 * for at most 30 s more, served while one request re-renders it in the background.
 */
export interface PageCache {
  get(key: string, version: string): StoredPage | undefined;
  set(key: string, version: string, answer: RenderedAnswer): void;
  /**
   * Whether the caller may re-render this stale page: true for one caller per key until the new page is stored (or
   * REVALIDATION_CLAIM_MS passed, for a re-render that failed). The cache is per process, and so is the claim: no
   * other process serves these entries, so none needs to hear of it (the response cache's Redis claim is for answers
   * every process shares).
   */
  claimRerender(key: string, version: string): boolean;
  size(): { entries: number; bytes: number };
}

const MAX_PAGES = 500;
/**
 * Pages are kept by the bytes they hold too (ADR 034): a home page is about 220 kB with its two compressed
 * copies, so 500 of them (any query string is its own page) held over 200 MB of the embedded server's memory.
 */
export const MAX_PAGE_BYTES = 16 * 1024 * 1024;
/** Per entry beyond its bytes: the key, the tag, the map's and the object's own memory. */
const PAGE_OVERHEAD_BYTES = 256;

/** The least recently used page goes first, as in the response cache. */
export function createPageCache(
  now: () => number = Date.now,
  maxBytes = MAX_PAGE_BYTES,
  random: () => number = Math.random,
): PageCache {
  type Entry = RenderedAnswer & Lifetime & { version: string; bytes: number };
  const entries = new Map<string, Entry>();
  const rerendering = inProcessClaims(now);
  let bytes = 0;
  const remove = (key: string, entry: Entry) => {
    entries.delete(key);
    bytes -= entry.bytes;
    // A claim never outlives its page: a page gone is rendered by the request that misses it.
    rerendering.release(key);
  };
  const current = (key: string, version: string) => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version || entry.staleUntil <= now()) {
      remove(key, entry);
      return undefined;
    }
    return entry;
  };
  return {
    get(key, version) {
      const entry = current(key, version);
      if (!entry) return undefined;
      // Map keeps insertion order: re-inserting makes this the most recently used.
      entries.delete(key);
      entries.set(key, entry);
      return { ...entry, stale: entry.fresh <= now() };
    },
    set(key, version, answer) {
      const size =
        answer.body.length + answer.br.length + answer.gzip.length + key.length * 2 + PAGE_OVERHEAD_BYTES;
      rerendering.release(key);
      if (size > maxBytes) return;
      const previous = entries.get(key);
      if (previous) remove(key, previous);
      for (const [oldest, entry] of entries) {
        if (bytes + size <= maxBytes && entries.size < MAX_PAGES) break;
        remove(oldest, entry);
      }
      entries.set(key, { ...answer, ...lifetimeFrom(now(), random), version, bytes: size });
      bytes += size;
    },
    claimRerender(key, version) {
      return current(key, version) !== undefined && rerendering.claim(key);
    },
    size: () => ({ entries: entries.size, bytes }),
  };
}

/**
 * The JS and CSS a page's route modules load (their static imports too), minus what the entry brings. A route
 * module grouped into a shared chunk (ADR 056) has no manifest entry of its own: `routeChunks` (the build's
 * `.vite/route-chunks.json`) says which chunk holds it.
 */
function routeAssets(
  manifest: Manifest,
  sources: string[],
  routeChunks: Record<string, string> = {},
): { scripts: string[]; styles: string[] } {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const seen = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key)) return;
    into.add(key);
    for (const imported of manifest[key]?.imports ?? []) walk(imported, into);
  };
  const fromEntry = new Set<string>();
  if (entryKey) walk(entryKey, fromEntry);
  for (const source of sources) {
    const key = manifest[source] ? source : keyOfFile.get(routeChunks[source] ?? '');
    if (key) walk(key, seen);
  }
  const own = [...seen].filter((key) => !fromEntry.has(key));
  return {
    scripts: own.map((key) => manifest[key]!.file),
    styles: own.flatMap((key) => manifest[key]!.css ?? []),
  };
}

/**
 * Loads the app's code once the page has loaded (its HTML, CSS and the images on screen), or after three seconds
 * at the latest (ADR 032): on a slow phone the server-rendered page paints and shows its main image without
 * sharing the wire with some 150 KiB of scripts, then hydrates. Inline, so it costs no request; allowed by the
 * content security policy through its hash (`hydrationLoaderHash`). The asset list is data beside it. The preloads
 * go in six at a time, one task each: starting thirty fetches at once held a slow phone's main thread for ~90 ms.
 * After `load` it waits for the next frame to be painted (ADR 056): when everything arrives at once, as on a fast
 * link, the scripts would otherwise run before the first paint and hold it back.
 */
export const HYDRATION_LOADER = `(()=>{let done=false;const go=()=>{if(done)return;done=true;const assets=JSON.parse(document.getElementById('ssr-assets').textContent);const script=document.createElement('script');script.type='module';script.crossOrigin='';script.src=assets.entry;document.head.append(script);const next=(from)=>{const tags=document.createDocumentFragment();for(const href of assets.preload.slice(from,from+6)){const link=document.createElement('link');link.rel='modulepreload';link.crossOrigin='';link.href=href;tags.append(link)}document.head.append(tags);if(from+6<assets.preload.length)setTimeout(next,0,from+6)};next(0)};const painted=()=>requestAnimationFrame(()=>setTimeout(go,0));if(document.readyState==='complete')painted();else{addEventListener('load',painted,{once:true});setTimeout(go,3000)}})()`;

/** The CSP source that lets `HYDRATION_LOADER` run, and no other inline script. */
export const hydrationLoaderHash = `'sha256-${createHash('sha256').update(HYDRATION_LOADER).digest('base64')}'`;

const entryScript = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const templatePreload = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The built index.html without its entry script and preloads, and those as data for `HYDRATION_LOADER`: the
 * entry's own imports first, then the route's chunks.
 */
function deferScripts(html: string, routeScripts: string[]): string {
  const entry = entryScript.exec(html)?.[1];
  if (!entry) return html;
  const preload = [...html.matchAll(templatePreload)].map((match) => match[1]!);
  for (const file of routeScripts) preload.push(`/${file}`);
  // `<` escaped: the list is inside a script element.
  const assets = JSON.stringify({ entry, preload }).replace(/</g, '\\u003c');
  return html
    .replace(entryScript, '')
    .replace(templatePreload, '')
    .replace(
      '</body>',
      () =>
        `  <script type="application/json" id="ssr-assets">${assets}</script>\n    <script>${HYDRATION_LOADER}</script>\n  </body>`,
    );
}

const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('base64url')}"`;

function matchesEtag(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  return (
    typeof header === 'string' && header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
  );
}

function send(request: FastifyRequest, reply: FastifyReply, answer: RenderedAnswer, cacheControl: string) {
  reply
    .code(answer.status)
    .header('cache-control', cacheControl)
    .header('etag', answer.etag)
    .header('vary', 'accept-encoding')
    .type('text/html; charset=utf-8');
  if (answer.status === 200 && matchesEtag(request, answer.etag)) return reply.code(304).send();
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(answer.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(answer.gzip);
  return reply.send(answer.body);
}

export interface ServerRenderOptions {
  dist: string;
  distServer: string;
  template: string;
  publicUrl: string;
  pageMeta(pathname: string): Promise<PageMeta | undefined>;
  /** The catalog response cache: its version decides which stored pages are still current. */
  responseCache?: ResponseCache;
  /** Where rendered pages are kept (in process, on the app's clock). */
  pages: PageCache;
}

/** What composing a page needs (ADR 106): the renderer, the build's manifest and route chunks, the options. */
interface PageParts {
  renderer: WebRenderer;
  manifest: Manifest;
  routeChunks: Record<string, string>;
  options: ServerRenderOptions;
}

/** The renderer's API calls, answered by this app in process (no socket). */
async function fetchThroughApp(
  app: FastifyInstance,
  input: Parameters<typeof fetch>[0],
  init?: Parameters<typeof fetch>[1],
): Promise<Response> {
  const url =
    typeof input === 'string' ? input : input instanceof URL ? `${input.pathname}${input.search}` : input.url;
  const answer = await app.inject({
    method: (init?.method ?? 'GET') as 'GET',
    url,
    headers: { accept: 'application/json' },
  });
  const empty = answer.statusCode === 204 || answer.statusCode === 304;
  return new Response(empty ? null : answer.rawPayload, {
    status: answer.statusCode,
    headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
  });
}

// Every insertion below goes through a replacer function: in a replacement string, `$&`, `$'`, `` $` `` and `$1`
// in a product's name would be read as patterns and paste parts of the page into itself (issue 24).
async function composePage(page: PageParts, pattern: string, url: string, pathname: string) {
  const { renderer, manifest, routeChunks, options } = page;
  const rendered = await renderer.render(url);
  if (rendered.redirect) return rendered;
  const meta = rendered.status === 200 ? await options.pageMeta(pathname) : undefined;
  const canonical = `${options.publicUrl}${pathname === '/' ? '/' : pathname.replace(/\/$/, '')}`;
  const head = meta
    ? renderPage(options.template, meta, options.publicUrl)
    : options.template.replace('</head>', () => `    ${canonicalTags(canonical).join('\n    ')}\n  </head>`);
  const assets = routeAssets(manifest, renderedPages[pattern] ?? [], routeChunks);
  const stylesheets = assets.styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}" />`);
  const body = deferScripts(head, assets.scripts)
    .replace('</head>', () => `    ${stylesheets.join('\n    ')}\n  </head>`)
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '')
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${rendered.html}</div>\n    <script type="application/json" id="ssr-state">${rendered.state}</script>`,
    );
  return { ...rendered, body };
}

/** A composed page's bytes, tag and the two compressed copies a cached page is sent from. */
function answerOf(status: number, body: string): RenderedAnswer {
  return {
    status,
    body: Buffer.from(body),
    etag: etagOf(body),
    br: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
    gzip: zlib.gzipSync(body, { level: 6 }),
  };
}

/**
 * Re-renders stale pages in the background, at most MAX_BACKGROUND_REVALIDATIONS at once, one per page (its claim),
 * each stored under the version it was rendered at (a catalog change meanwhile leaves it unread). A redirect or a
 * server error is not stored: the stale page stays until its bound. Beyond the bound nothing starts and nothing is
 * claimed, so a later stale hit starts it.
 */
function backgroundRerenders(parts: PageParts, pages: PageCache) {
  const background = backgroundRevalidations();
  return (request: FastifyRequest, pattern: string, pathname: string, version: string) => {
    const { url } = request;
    background.start(
      async () => {
        if (!pages.claimRerender(url, version)) return;
        const page = await composePage(parts, pattern, url, pathname);
        if (page.redirect || !('body' in page) || page.status >= 500) return;
        pages.set(url, version, answerOf(page.status, page.body));
      },
      // The claim holds for its time; the next stale hit after it tries again.
      (error) =>
        request.log.warn({ err: error, url: redactUrl(url) }, 'background re-render of a stored page failed'),
    );
  };
}

/**
 * Server rendering of the public pages (ADR 029): each is rendered by the web app's server entry as a signed-out
 * visitor sees it, its API calls answered in process by the server's own routes (`app.inject`: the same
 * validation, access rules and catalog cache, no socket), and sent as index.html with the markup, the dehydrated
 * data, share tags and preloads of the route's chunks. Answers a 404 where the page shows "not found". Rendered
 * pages are kept while the catalog cache's version holds. Without the server build, nothing is registered and the
 * pages stay client-rendered.
 * A stored page past its freshness (ADR 110, amended) is sent as it is, with `x-cache: stale`, while one request of
 * all re-renders it in the background, at most MAX_BACKGROUND_REVALIDATIONS at once. While the database is busy
 * (busy.ts) a stored page, fresh or stale, is still sent, nothing is re-rendered, and a page not stored gets the web
 * app's plain shell.
 */
export async function installServerRendering(app: FastifyInstance, options: ServerRenderOptions) {
  const entry = path.join(options.distServer, 'entry-server.js');
  const manifestFile = path.join(options.dist, '.vite/manifest.json');
  if (!fs.existsSync(entry) || !fs.existsSync(manifestFile)) return false;
  const renderer = (await import(pathToFileURL(entry).href)) as WebRenderer;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  const routeChunksFile = path.join(options.dist, '.vite/route-chunks.json');
  const routeChunks = fs.existsSync(routeChunksFile)
    ? (JSON.parse(fs.readFileSync(routeChunksFile, 'utf8')) as Record<string, string>)
    : {};

  renderer.configure({ fetch: (input, init) => fetchThroughApp(app, input, init) });
  const { pages } = options;
  const parts: PageParts = { renderer, manifest, routeChunks, options };
  const startRerender = backgroundRerenders(parts, pages);
  const plainShell = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(options.template);

  for (const pattern of Object.keys(renderedPages)) {
    app.get(pattern, { schema: { hide: true } }, async (request, reply) => {
      // The database is busy (ADR 054): a stored page asks nothing of it and is sent; any other renders in the
      // browser instead, its data asked of the API.
      const busy = servePlainPage(request);
      const pathname = request.url.split('?')[0] ?? '/';
      const query = new URLSearchParams(request.url.slice(pathname.length));
      // A merchant's shared draft preview is private to its link: rendered each time, never stored.
      const shareable = !query.has('preview');
      const version = shareable && options.responseCache ? await options.responseCache.version() : undefined;
      const cached = version === undefined ? undefined : pages.get(request.url, version);
      if (cached) {
        if (cached.stale && !busy) startRerender(request, pattern, pathname, version!);
        return send(
          request,
          reply.header('x-cache', cached.stale ? 'stale' : 'hit'),
          cached,
          'public, no-cache',
        );
      }
      if (busy) return plainShell(reply);
      let page: Awaited<ReturnType<typeof composePage>>;
      try {
        page = await composePage(parts, pattern, request.url, pathname);
      } catch (error) {
        // The page still works client-rendered: the plain index.html, as before server rendering.
        request.log.error({ err: error, url: redactUrl(request.url) }, 'server rendering failed');
        return plainShell(reply);
      }
      if (page.redirect) return reply.redirect(page.redirect, page.status);
      const answer = answerOf(page.status, 'body' in page ? page.body : options.template);
      if (version !== undefined) pages.set(request.url, version, answer);
      return send(
        request,
        reply.header('x-cache', version === undefined ? 'off' : 'miss'),
        answer,
        shareable ? 'public, no-cache' : 'private, no-store',
      );
    });
  }
  return true;
}
