import { type Surface, surfaceBases } from '@market/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { RateLimits } from '../security/rate-limits.js';
import type { IdempotencyKeys } from './idempotency.js';
import type { ServerModule } from './module.js';
import { type DocumentedRoutes, registerOpenApi, routeKey } from './openapi.js';
import type { ResponseCache } from './response-cache.js';
import { type Authenticate, mountRoutes } from './routes.js';

export interface SurfaceMounting {
  config: Config;
  /** The modules of each surface; each mounts there the routes whose endpoint names that surface. */
  bySurface: Record<Surface, ServerModule[]>;
  authenticate: Authenticate;
  /** Section 6: theme calls may carry the merchant's token in the cookie `token` instead of the header. */
  authenticateWithCookie: Authenticate;
  responseCache: ResponseCache | undefined;
  rateLimits: RateLimits;
  idempotency: IdempotencyKeys;
  checkAnswers: boolean;
}

/**
 * Each surface's contract routes under its base path, documented in the OpenAPI description, then each module's
 * routes outside the contract (`http`: a webhook's raw body, HTML pages) as their own encapsulated plugin.
 */
export async function mountSurfaces(app: FastifyInstance, mounting: SurfaceMounting): Promise<void> {
  const documented: DocumentedRoutes = new Map();
  await registerOpenApi(app, documented, mounting.config.production);
  for (const surface of Object.keys(surfaceBases) as Surface[]) {
    const own = mounting.bySurface[surface]
      .flatMap((module) => module.routes)
      .filter((definition) => definition.endpoint.surface === surface);
    for (const definition of own) {
      const { endpoint } = definition;
      documented.set(routeKey(endpoint.method, `${surfaceBases[surface]}${endpoint.path}`), {
        endpoint,
        access: definition.access ?? endpoint.access,
      });
    }
    await app.register(
      async (scope) => {
        const authenticate = surface === 'themes' ? mounting.authenticateWithCookie : mounting.authenticate;
        mountRoutes(scope, own, authenticate, mounting.responseCache, {
          checkAnswers: mounting.checkAnswers,
          limitUpload: (request, caller) =>
            mounting.rateLimits.consume('upload', { ip: request.ip, account: caller?.userId }),
          idempotency: mounting.idempotency,
        });
      },
      { prefix: surfaceBases[surface] },
    );
  }
  const all = [...new Set(Object.values(mounting.bySurface).flat())];
  for (const module of all) if (module.http) await app.register(module.http);
}
