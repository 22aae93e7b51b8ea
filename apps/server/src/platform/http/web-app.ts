import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { type ErrorEnvelope, surfaceBases } from '@market/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { servePlainPage } from './busy.js';
import type { RouteTable } from './not-found.js';
import type { ResponseCache } from './response-cache.js';
import { installServerRendering, type PageCache } from './server-render.js';
import { type PageMeta, renderPage } from './web-page.js';

const apiBases = Object.values(surfaceBases);
/** Server-owned prefixes that are never a page of the web app: a miss there is the 404 envelope, not index.html. */
const notPagePrefixes = [...apiBases, '/media', '/assets'];

/** The built web app at `/`, hashed assets cached for a year, and index.html for every client route. */
export async function serveWebApp(
  app: FastifyInstance,
  config: Config,
  knownRoutes: RouteTable,
  pageMeta: (pathname: string) => Promise<PageMeta | undefined>,
  responseCache: ResponseCache | undefined,
  pages: PageCache,
) {
  const dist =
    config.webDist ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/dist');
  const hasWeb = fs.existsSync(path.join(dist, 'index.html'));
  const template = hasWeb ? fs.readFileSync(path.join(dist, 'index.html'), 'utf8') : '';
  if (hasWeb) {
    // Public pages rendered on the server (ADR 029), from the web app's server build beside its browser build.
    await installServerRendering(app, {
      dist,
      distServer: path.join(dist, '../dist-server'),
      template,
      publicUrl: config.publicUrl,
      pageMeta,
      responseCache,
      pages,
    });
  }
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      // `<file>.br` / `<file>.gz` written by the web build are sent to clients that accept them.
      preCompressed: true,
      // The build manifest (read by the bundle budget check) is not for browsers.
      allowedPath: (pathName) => !pathName.startsWith('/.vite/'),
      setHeaders: (reply, filePath) => {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // A missing hashed asset must not answer HTML with 200 (a stale tab would run it as a script).
    const isApi = notPagePrefixes.some((base) => pathname === base || pathname.startsWith(`${base}/`));
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      // While the database is busy (ADR 054) the page's title and share tags, which read it, are left out.
      const meta = servePlainPage(request) ? undefined : await pageMeta(pathname);
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(meta ? renderPage(template, meta, config.publicUrl) : template);
    }
    const allowed = knownRoutes.methodsOf(pathname);
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      return reply
        .code(405)
        .header('allow', allowed.join(', '))
        .send({
          message: 'This method is not allowed here',
          error: 'METHOD_NOT_ALLOWED',
        } satisfies ErrorEnvelope);
    }
    return reply.code(404).send({ message: 'Not found', error: 'NOT_FOUND' });
  });
}
