import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { compose } from './composition/index.js';
import { type AppJobs, appJobs, fanOutSoonAfterEvents } from './composition/jobs.js';
import { guards } from './composition/modules/auth.js';
import { catalog } from './composition/modules/catalog.js';
import { notifications } from './composition/modules/notifications.js';
import { orders } from './composition/modules/orders.js';
import { payments } from './composition/modules/payments.js';
import { returns } from './composition/modules/returns.js';
import { themes } from './composition/modules/themes.js';
import { pageMetaOf } from './composition/page-meta.js';
import type { Providers } from './composition/registry.js';
import { createSalesFolder } from './modules/catalog/index.js';
import { openLiveStreams } from './modules/notifications/index.js';
import type { PaymentsService } from './modules/payments/index.js';
import { cacheAndChanges, createDeps, type PlatformOptions } from './platform/create-deps.js';
import type { Deps } from './platform/deps.js';
import { createIdempotencyKeys } from './platform/http/idempotency.js';
import { installMediaRoutes } from './platform/http/media-routes.js';
import { createServer, installServerPlugins } from './platform/http/server.js';
import { createPageCache } from './platform/http/server-render.js';
import { mountSurfaces } from './platform/http/surfaces.js';
import { serveWebApp } from './platform/http/web-app.js';
import { createJobRunner, type JobRunner } from './platform/jobs/index.js';
import { createLogger } from './platform/logger.js';
import { registerTimedWork } from './timed-work.js';

export type { AppJobs } from './composition/jobs.js';

export interface BuildOptions extends PlatformOptions, Providers {
  logger?: boolean;
  /** Where log lines go (stdout by default); tests read what was logged. */
  logDestination?: DestinationStream;
  /** Defaults to pg-boss on PostgreSQL, timers in process on PGlite. Nothing runs until someone calls start(). */
  scheduler?: JobRunner;
  /**
   * Hot public reads are written with JSON.stringify; with this on (the default under NODE_ENV=test) each answer is
   * also serialized by its zod schema and must match byte for byte.
   */
  checkAnswers?: boolean;
}

/** The platform's deps and the payments service, which tests drive directly. */
export type AppDeps = Deps & { payments: PaymentsService };

/**
 * The server: the platform's parts, every module of every surface (composition/surfaces.ts) with the flows joined
 * (composition/flows.ts), the media and web app routes, and the timed work. Adding a module or a flow edits none
 * of this (ADR 076).
 */
export async function buildApp(
  options: BuildOptions,
): Promise<{ app: FastifyInstance; deps: AppDeps; jobs: AppJobs; scheduler: JobRunner }> {
  const { config, database } = options;
  const logger = createLogger(config, options.logger ?? true, options.logDestination);
  const { app, knownRoutes } = createServer(config, logger as FastifyBaseLogger);
  const { responseCache, changes } = cacheAndChanges(app, options);
  const deps = createDeps(options, app.log as Deps['logger'], changes);
  const scheduler = options.scheduler ?? createJobRunner(config, deps.logger);
  // Units sold reach the products' and stores' counters after the payment commits (ADR 031).
  const salesFolder = createSalesFolder(database.db, deps.logger);
  app.addHook('onClose', async () => {
    await scheduler.stop();
    await salesFolder.stop();
    await deps.mailer.stop();
    await changes.close();
  });
  await installServerPlugins(app, { config, database, deps, scheduler, liveStreams: openLiveStreams });

  // Money mutations answer a repeated Idempotency-Key with their first answer (ADR 064).
  const idempotency = createIdempotencyKeys(database.db, deps.now);
  const composition = compose({ deps, providers: options, salesFolder });
  const { use } = composition;
  await mountSurfaces(app, {
    config,
    bySurface: composition.bySurface,
    authenticate: use(guards).authenticate,
    authenticateWithCookie: use(guards).authenticateWithCookie,
    responseCache,
    rateLimits: deps.rateLimits,
    idempotency,
    checkAnswers: options.checkAnswers ?? config.env === 'test',
  });
  installMediaRoutes(app, {
    media: deps.media,
    db: deps.db,
    authenticate: use(guards).authenticate,
    authenticateByCookie: use(guards).authenticateByCookie,
    mayViewShippingEvidence: (viewer, fileId) => use(orders).fulfilment.mayViewEvidence(viewer, fileId),
    mayViewReturnPhoto: (viewer, fileId) => use(returns).service.mayViewPhoto(viewer, fileId),
  });
  const pageMeta = pageMetaOf(config, use(catalog).service, use(themes).service);
  const pages = options.pageCache ?? createPageCache(() => deps.now().getTime());
  await serveWebApp(app, config, knownRoutes, pageMeta, responseCache, pages);

  const jobs = appJobs(deps, composition, { salesFolder, idempotency });
  fanOutSoonAfterEvents(app, deps, jobs);
  // Open live streams would hold the server open: they end first, and their screens reconnect elsewhere.
  app.addHook('preClose', async () => use(notifications).closeStreams());
  registerTimedWork(scheduler, { ...jobs, mailer: deps.mailer, database, logger: deps.logger });
  return { app, deps: { ...deps, payments: use(payments).service }, jobs, scheduler };
}
