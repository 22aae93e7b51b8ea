import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import {
  accountKinds,
  type ErrorEnvelope,
  nairaToKobo,
  type Surface,
  sessionCookies,
  surfaceBases,
} from '@market/contracts';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  LogController,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { DestinationStream } from 'pino';
import { checkoutAndPaySteps } from './flows/checkout-and-pay.js';
import { fulfilmentSteps } from './flows/order-fulfilment.js';
import { bookUnpostedOrders, catchUpBooksOnce, orderMoneyFlow } from './flows/order-money.js';
import { ledgerStoreFacts, listenToTransfers, transfersFor } from './flows/payout.js';
import { listenToProviderRefunds, resumeRefunds } from './flows/return-and-refund.js';
import {
  selectSubaccounts,
  storesWithoutSubaccount,
  wireSubaccountSettlement,
} from './flows/subaccount-settlement.js';
import { emitTimedNotices } from './flows/timed-notices.js';
import { createAddressesModule, defaultAddress, findCustomerAddress } from './modules/addresses/index.js';
import { adminIdsWithPermission, createAdminsModule, findAdminCustomRole } from './modules/admins/index.js';
import { createAuditModule } from './modules/audit/index.js';
import {
  createAuthModule,
  findPartnerProfile,
  findUserById,
  liveSessionIdsAmong,
} from './modules/auth/index.js';
import { createBankAccountsModule } from './modules/bank-accounts/index.js';
import { couponLinesOfCart, createCartModule } from './modules/cart/index.js';
import {
  createCatalogModule,
  createSalesFolder,
  reserveStock,
  returnStock,
  type SalesFolder,
  storeCatalogPort,
} from './modules/catalog/index.js';
import { createCheckoutModule } from './modules/checkout/index.js';
import { createContactModule } from './modules/contact/index.js';
import { createCouponsModule } from './modules/coupons/index.js';
import { createDataRightsModule } from './modules/data-rights/index.js';
import { createFinanceModule } from './modules/finance/index.js';
import { appliedGiftCards, createGiftCardsModule } from './modules/gift-cards/index.js';
import { createHubsModule, storeApprovedForHub } from './modules/hubs/index.js';
import { createLedgerModule, foldRollups } from './modules/ledger/index.js';
import { createMerchantDashboardModule } from './modules/merchant-dashboard/index.js';
import { createNotificationsModule, openLiveStreams } from './modules/notifications/index.js';
import { createOrdersModule } from './modules/orders/index.js';
import { createPaymentsModule, type PaymentsService } from './modules/payments/index.js';
import { createPoliciesModule } from './modules/policies/index.js';
import { createReconciliationModule } from './modules/reconciliation/index.js';
import { createReportsModule } from './modules/reports/index.js';
import { createReturnsModule } from './modules/returns/index.js';
import { createReviewsModule } from './modules/reviews/index.js';
import {
  createRateCardCache,
  createShippingModule,
  quoteShipment,
  storeOrigins,
} from './modules/shipping/index.js';
import { createStaffModule } from './modules/staff/index.js';
import {
  activeMemberIdsWithPermission,
  createStoreForMerchant,
  createStoresModule,
  findActiveMembership,
  findStoreById,
  findStoreByMerchant,
  merchantOnboarding,
  slugify,
  storeCommissionBasisPointsSql,
} from './modules/stores/index.js';
import { createSubscriptionsModule } from './modules/subscriptions/index.js';
import { createSystemModule } from './modules/system/index.js';
import { createTestimonialsModule } from './modules/testimonials/index.js';
import { createThemesModule, type ThemesService } from './modules/themes/index.js';
import { verifyPassword } from './platform/auth/passwords.js';
import { createTokenSigner } from './platform/auth/tokens.js';
import { CATALOG_CHANGED, type ChangeBus, changeBusFor } from './platform/changes/index.js';
import { type Config, trustProxyOption } from './platform/config.js';
import type { Database, Db } from './platform/db/client.js';
import type { Deps } from './platform/deps.js';
import { AppError, notFound } from './platform/errors.js';
import { refuseWhileBusy } from './platform/http/busy.js';
import { clientErrorAnswer, installErrorHandler } from './platform/http/error-handler.js';
import { createIdempotencyKeys } from './platform/http/idempotency.js';
import type { ServerModule } from './platform/http/module.js';
import {
  answerClientError,
  MAX_PARAM_LENGTH,
  type RouteTable,
  recordRoutes,
  refuseUnservedMethods,
} from './platform/http/not-found.js';
import { type DocumentedRoutes, registerOpenApi, routeKey } from './platform/http/openapi.js';
import { installRequestGuards } from './platform/http/request-guards.js';
import {
  createMemoryResponseCache,
  createRedisResponseCache,
  installCacheInvalidation,
  type ResponseCache,
} from './platform/http/response-cache.js';
import { type AuthContext, mountRoutes } from './platform/http/routes.js';
import { installSecurityHeaders } from './platform/http/security-headers.js';
import { hydrationLoaderHash, installServerRendering } from './platform/http/server-render.js';
import { type PageMeta, renderPage } from './platform/http/web-page.js';
import { createJobRunner, type JobRunner } from './platform/jobs/index.js';
import { createLogger, redactUrl } from './platform/logger.js';
import { createMailer, type Mailer } from './platform/mail/mailer.js';
import { createNotificationEvents } from './platform/notify/events.js';
import { createLifecycle } from './platform/observability/lifecycle.js';
import { observability } from './platform/observability/plugin.js';
import {
  type BankDirectory,
  type PaymentProvider,
  type ProviderStatements,
  type SubaccountProvider,
  selectBankDirectory,
  selectProviderStatements,
  type TransferProvider,
} from './platform/payments/index.js';
import { createRateLimits, type RateLimits } from './platform/security/rate-limits.js';
import { createSmsSender } from './platform/sms/sms.js';
import { createDiskStore, createS3Store } from './platform/storage/blob-stores.js';
import {
  createMedia,
  MEDIA_PREFIX,
  type Media,
  PRIVATE_IMAGE_CACHE,
  PRIVATE_MEDIA_PREFIX,
} from './platform/storage/media.js';
import { MAX_IMAGE_BYTES } from './platform/storage/storage.js';
import { registerTimedWork } from './timed-work.js';

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Defaults are built from config; tests pass their own (a fixed clock, a fresh rate limiter). */
  now?: () => Date;
  mailer?: Mailer;
  media?: Media;
  rateLimits?: RateLimits;
  redis?: Redis;
  logger?: boolean;
  /** Where log lines go (stdout by default); tests read what was logged. */
  logDestination?: DestinationStream;
  /** Defaults to Paystack with PAYSTACK_SECRET_KEY, else the built-in sandbox. */
  paymentProvider?: PaymentProvider;
  /** Nigerian banks and account-name look-ups; defaults like the payment provider (Paystack, else the sandbox). */
  bankDirectory?: BankDirectory;
  /** Payouts' transfers; defaults to Paystack Transfers with PAYSTACK_SECRET_KEY, else the sandbox's. */
  transferProvider?: TransferProvider;
  /** Stores' Paystack subaccounts in SETTLEMENT_MODE=subaccount; defaults like the transfers. */
  subaccountProvider?: SubaccountProvider;
  /** The provider's lists for reconciliation (ADR 065); defaults like the payment provider. */
  providerStatements?: ProviderStatements;
  /** Defaults to pg-boss on PostgreSQL, timers in process on PGlite. Nothing runs until someone calls start(). */
  scheduler?: JobRunner;
  /**
   * Public catalog answers; defaults to Redis when given one, else in process. `false` turns it off: tests that
   * change rows behind the app's back use that (the app invalidates only on its own writes).
   */
  responseCache?: ResponseCache | false;
  /**
   * How this process tells the others of a change (ADR 043); defaults to Redis pub/sub with `redis`, else
   * LISTEN/NOTIFY on PostgreSQL, else in process. It hears other processes once someone calls `start()` (main.ts).
   */
  changes?: ChangeBus;
  /**
   * Hot public reads are written with JSON.stringify; with this on (the default under NODE_ENV=test) each answer is
   * also serialized by its zod schema and must match byte for byte.
   */
  checkAnswers?: boolean;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,80}$/;

/** The platform's deps and the payments service, which tests drive directly. */
export type AppDeps = Deps & { payments: PaymentsService };

/** Background work the server process runs on a timer; tests call it directly. */
export interface AppJobs {
  sweepCheckouts(): Promise<{ expired: number; refunded: number }>;
  /** Delivered orders past RETURN_WINDOW_DAYS become completed; answers how many. */
  completeAfterReturnWindow(): Promise<number>;
  /** Charges the saved card of subscriptions ending within a day (auto-renew on); once per period. */
  renewSubscriptions(): Promise<{ paid: number; failed: number; pending: number }>;
  /** Pending sales into the products' and stores' counters (ADR 031); answers how many rows were folded. */
  foldSales(): Promise<number>;
  /** Payouts whose transfer's end was not heard in time: sent, or settled from the provider's answer (ADR 038). */
  confirmLatePayouts(): Promise<{ sent: number; settled: number; waiting: number }>;
  /** Paid orders the books never heard of (paid before the ledger, or seeded) are posted; answers how many. */
  bookUnpostedOrders(): Promise<number>;
  /** At start: the catch-up above once (a mark says it ran), and the roll-ups built when never built (ADR 067). */
  catchUpBooksOnce(): Promise<{ booked: number; rollupsRebuilt: boolean }>;
  /** Roll-up deltas into the folded roll-ups (ADR 067); answers how many deltas were folded. */
  foldRollups(): Promise<number>;
  /** Subaccount settlement: stores whose bank account has no Paystack subaccount yet get one (ADR 051). */
  linkSubaccounts(): Promise<{ linked: number; waiting: number }>;
  /** Failed refunds whose automatic retry is due are sent again (ADR 049). */
  retryFailedRefunds(): Promise<{ sent: number; failed: number }>;
  /** Notification events into each recipient's list, mail and SMS (ADR 057); answers how many events. */
  fanOutNotifications(): Promise<number>;
  /** SMS waiting in the outbox through Termii (none without a key); answers how many were tried. */
  sendSms(): Promise<number>;
  /** Low stock, orders left in the queue and stores waiting for approval become notices (ADR 057). */
  emitTimedNotices(): Promise<number>;
  /** Yesterday's Lagos day compared with the provider's statements (ADR 065). */
  reconcileWithProvider(): Promise<{ runId: string; differences: number }>;
  /** Idempotency keys past their day are deleted (ADR 064); answers how many. */
  purgeIdempotencyKeys(): Promise<number>;
}

export async function buildApp(
  options: BuildOptions,
): Promise<{ app: FastifyInstance; deps: AppDeps; jobs: AppJobs; scheduler: JobRunner }> {
  const { config, database } = options;
  const logger = createLogger(config, options.logger ?? true, options.logDestination);
  const app: FastifyInstance = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    requestIdHeader: false,
    // One line per request (written on response below), not Fastify's two.
    logController: new LogController({ requestIdLogLabel: 'requestId', disableRequestLogging: true }),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    // Router errors (bad percent-encoding, an over-long parameter) answer the envelope, not Fastify's own shape.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const answer = clientErrorAnswer(error, error.statusCode ?? 400);
      return reply.code(answer.status).send(answer.body);
    },
    clientErrorHandler: answerClientError,
  });
  const knownRoutes = recordRoutes(app);
  refuseUnservedMethods(app, knownRoutes);
  installRequestGuards(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    const fields = {
      method: request.method,
      url: redactUrl(request.url, request.routeOptions.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.ip,
    };
    if (reply.statusCode >= 500) request.log.error(fields, 'request failed');
    else request.log.info(fields, 'request');
  });
  const responseCache =
    options.responseCache === false
      ? undefined
      : (options.responseCache ??
        (options.redis ? createRedisResponseCache(options.redis) : createMemoryResponseCache()));
  const changes =
    options.changes ??
    changeBusFor({ config, database, redis: options.redis, logger: app.log as Deps['logger'] });
  // A catalog write drops this process's cached answers before its answer leaves, and every other process's when
  // the bus carries the news there (the shared Redis cache's version is bumped once, by the writer).
  if (responseCache)
    changes.subscribe(CATALOG_CHANGED, (change) =>
      change.local ? responseCache.invalidate() : responseCache.invalidateHeard(),
    );
  installCacheInvalidation(app, () => changes.publish(CATALOG_CHANGED));

  const now = options.now ?? (() => new Date());
  const deps: Deps = {
    config,
    database,
    db: database.db,
    logger: app.log as Deps['logger'],
    now,
    tokens: createTokenSigner(config.jwtSecret, now),
    mailer:
      options.mailer ??
      createMailer({
        db: database.db,
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        logger: app.log as Deps['logger'],
        // Failed and left-over mail is delivered by the mail.resend-outbox job (timed-work.ts).
        poll: false,
      }),
    sms: createSmsSender({
      db: database.db,
      termii: config.termii,
      logger: app.log as Deps['logger'],
      budget: config.smsBudget,
      now,
    }),
    events: createNotificationEvents(),
    rateLimits:
      options.rateLimits ??
      createRateLimits({
        redis: options.redis,
        // Without Redis, sign-in and reset counts are kept in PostgreSQL for every process to share (ADR 043).
        postgres: config.database.driver === 'postgres' ? database.db : undefined,
      }),
    changes,
    media:
      options.media ?? createMedia(config.s3 ? createS3Store(config.s3) : createDiskStore(config.uploadsDir)),
    lifecycle: createLifecycle({ database, redis: options.redis }),
  };
  const scheduler = options.scheduler ?? createJobRunner(config, deps.logger);
  // Units sold reach the products' and stores' counters after the payment commits (ADR 031).
  const salesFolder = createSalesFolder(database.db, deps.logger);
  app.addHook('onClose', async () => {
    await scheduler.stop();
    await salesFolder.stop();
    await deps.mailer.stop();
    await changes.close();
  });

  installErrorHandler(app);
  await app.register(observability, { deps, scheduler, liveStreams: openLiveStreams });
  // Answers over 1 KiB travel brotli- or gzip-compressed when the client accepts it (quality 4: cheap on the CPU).
  // Built assets are compressed once at build time and served as they are (`preCompressed` below).
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 20, parts: 21 },
  });
  await app.register(fastifyCors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    credentials: true,
    exposedHeaders: ['x-request-id', 'retry-after'],
  });
  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The one inline script: server-rendered pages load the app's code once they have painted (ADR 032).
        scriptSrc: ["'self'", hydrationLoaderHash],
        connectSrc: ["'self'", ...config.corsOrigins],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // The embedded database's queue is bounded (ADR 054): after CORS and helmet, so a refusal carries their headers.
  if (database.busy) refuseWhileBusy(app, database.busy);

  // Money mutations answer a repeated Idempotency-Key with their first answer (ADR 064).
  const idempotency = createIdempotencyKeys(database.db, now);
  const documented: DocumentedRoutes = new Map();
  await registerOpenApi(app, documented, config.production);

  const modules = composeModules(
    deps,
    options.paymentProvider,
    options.bankDirectory,
    options.transferProvider,
    salesFolder,
    options.subaccountProvider,
    options.providerStatements,
  );
  for (const surface of Object.keys(surfaceBases) as Surface[]) {
    const own = modules.bySurface[surface]
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
        // Section 6: theme calls may carry the merchant's token in the cookie `token` instead of the header.
        const authenticate = surface === 'themes' ? modules.authenticateWithCookie : modules.authenticate;
        mountRoutes(scope, own, authenticate, responseCache, {
          checkAnswers: options.checkAnswers ?? config.env === 'test',
          limitUpload: (request, caller) =>
            deps.rateLimits.consume('upload', { ip: request.ip, account: caller?.userId }),
          idempotency,
        });
      },
      { prefix: surfaceBases[surface] },
    );
  }
  for (const module of modules.all) if (module.http) await app.register(module.http);

  app.get(`${MEDIA_PREFIX}:name`, { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params as { name: string };
    const body = await deps.media.readImage(name);
    if (!body)
      return reply.code(404).send({ message: 'Not found', error: 'NOT_FOUND' } satisfies ErrorEnvelope);
    return reply.header('cache-control', 'public, max-age=31536000, immutable').type('image/webp').send(body);
  });

  // Parcel and return photos (issue 24): only for the accounts that may see their order or return, never cached
  // by a shared cache. A browser's <img> sends no Authorization header, so the session cookies count too.
  const anyAccount = { kind: 'signed-in', accounts: accountKinds, anyAccount: true } as const;
  app.get(`${PRIVATE_MEDIA_PREFIX}:name`, { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params as { name: string };
    const callers: AuthContext[] = [];
    let refusal: unknown = new AppError('UNAUTHORIZED', 'Please sign in to continue');
    if (request.headers.authorization) callers.push((await modules.authenticate(request, anyAccount))!);
    else {
      for (const kind of accountKinds) {
        if (!request.cookies?.[sessionCookies[kind].access]) continue;
        // One browser may hold several accounts' cookies; an expired one of them does not hide the others.
        await modules.authenticateByCookie[kind](request, anyAccount).then(
          (caller) => caller && callers.push(caller),
          (error: unknown) => {
            refusal = error;
          },
        );
      }
    }
    if (callers.length === 0) throw refusal;
    const image = await deps.media.readPrivateImage(deps.db, name);
    let allowed = false;
    for (const caller of image ? callers : []) {
      const who = {
        kind: caller.kind,
        userId: caller.userId,
        role: caller.role,
        storeId: caller.storeId,
        permissions: caller.permissions,
      };
      allowed =
        caller.userId === image!.ownerUserId ||
        (image!.purpose.startsWith('shipping-evidence') &&
          (await modules.fulfilment.mayViewEvidence(who, image!.fileId))) ||
        ((image!.purpose === 'return-photo' || image!.purpose.startsWith('pickup-evidence')) &&
          (await modules.returns.mayViewPhoto(who, image!.fileId)));
      if (allowed) break;
    }
    // Not theirs or not there: the same answer, so a stranger learns nothing of which photos exist.
    const body = allowed ? await image!.open() : undefined;
    if (!body) throw notFound('Not found');
    return reply
      .header('cache-control', PRIVATE_IMAGE_CACHE)
      .header('x-content-type-options', 'nosniff')
      .type('image/webp')
      .send(body);
  });

  await serveWebApp(app, config, knownRoutes, modules.pageMeta, responseCache);
  const jobs: AppJobs = {
    // Expired checkouts give their stock back: the public catalog changed.
    sweepCheckouts: async () => {
      const result = await modules.checkout.sweep();
      if (result.expired + result.refunded > 0) await changes.publish(CATALOG_CHANGED);
      return result;
    },
    completeAfterReturnWindow: () => modules.fulfilment.completeAfterReturnWindow(config.returnWindowDays),
    renewSubscriptions: () => modules.subscriptions.renewDue(),
    foldSales: () => salesFolder.fold(),
    confirmLatePayouts: () => modules.payouts.confirmLatePayouts(),
    bookUnpostedOrders: () => modules.bookUnpostedOrders(),
    catchUpBooksOnce: () => catchUpBooksOnce(deps.db, () => modules.bookUnpostedOrders()),
    foldRollups: () => foldRollups(deps.db),
    linkSubaccounts: () => modules.bankAccounts.linkMissingSubaccounts(),
    retryFailedRefunds: () => resumeRefunds(deps, modules.payments, modules.refunds),
    fanOutNotifications: () => modules.notifications.fanOut(),
    sendSms: () => deps.sms.flush(),
    emitTimedNotices: () => emitTimedNotices(deps),
    reconcileWithProvider: () => modules.reconciliation.runDaily(),
    purgeIdempotencyKeys: () => idempotency.purgeExpired(),
  };
  // An event is fanned out soon after its transaction commits; the timed job picks up whatever this misses.
  let fanOutSoon: NodeJS.Timeout | undefined;
  let fanOutRunning: Promise<void> | undefined;
  deps.events.onEmit(() => {
    if (fanOutSoon) return;
    fanOutSoon = setTimeout(() => {
      fanOutSoon = undefined;
      fanOutRunning = jobs
        .fanOutNotifications()
        .then(() => deps.sms.flush())
        .then(() => undefined)
        .catch((error: unknown) => deps.logger.error({ err: error }, 'notification fan-out failed'))
        .finally(() => {
          fanOutRunning = undefined;
        });
    }, 250);
    fanOutSoon.unref();
  });
  // Open live streams would hold the server open: they end first, and their screens reconnect elsewhere.
  app.addHook('preClose', async () => modules.closeLiveStreams());
  // A fan-out already running finishes before the pools close (a stop otherwise cut it off mid-batch).
  app.addHook('onClose', async () => {
    clearTimeout(fanOutSoon);
    await fanOutRunning;
  });
  registerTimedWork(scheduler, {
    ...jobs,
    mailer: deps.mailer,
    database,
    logger: deps.logger,
  });
  return { app, deps: { ...deps, payments: modules.payments }, jobs, scheduler };
}

/**
 * Every module, built once from the platform's deps, each handed what it needs of the others as functions. A
 * module registers its own routes; each endpoint names its surface (api, shipping, themes), so a surface that runs
 * as its own deployment later mounts only the modules its endpoints come from.
 */
function composeModules(
  deps: Deps,
  paymentProvider: PaymentProvider | undefined,
  bankDirectory: BankDirectory | undefined,
  transferProvider: TransferProvider | undefined,
  salesFolder: SalesFolder,
  subaccountProvider: SubaccountProvider | undefined,
  providerStatements: ProviderStatements | undefined,
) {
  const payments = createPaymentsModule(deps, { provider: paymentProvider });
  const notifications = createNotificationsModule(deps, {
    storeMembersWith: activeMemberIdsWithPermission,
    adminsWith: adminIdsWithPermission,
    liveChecks: {
      liveSessions: (ids) => liveSessionIdsAmong(deps.db, ids),
      membershipOf: (userId) => findActiveMembership(deps.db, userId),
    },
  });
  async function storeOwner(executor: Db, storeId: string) {
    const store = await findStoreById(executor, storeId);
    const owner = store ? await findUserById(executor, store.merchantId) : undefined;
    return store && owner
      ? { email: owner.email, firstName: owner.firstName, storeName: store.storeName }
      : undefined;
  }
  const subscriptions = createSubscriptionsModule(deps, {
    payments: payments.service,
    emailOf: async (userId) => (await findUserById(deps.db, userId))?.email,
    storeOwner,
  });
  const stores = createStoresModule(deps, { catalog: storeCatalogPort, hubUsable: storeApprovedForHub });
  const hubs = createHubsModule(deps, {
    storeName: async (executor, storeId) => (await findStoreById(executor, storeId))?.storeName,
    async partner(executor, userId) {
      const profile = await findPartnerProfile(executor, userId);
      return profile && { companyName: profile.companyName, approved: profile.approvedAt !== null };
    },
    storeApproved: async (executor, storeId) =>
      (await findStoreById(executor, storeId))?.approvalStatus === 'approved',
  });
  const auth = createAuthModule(deps, {
    // A staff member's session names the store they work in (their membership's), an owner's their own store.
    async findStoreByMerchant(executor, merchantId) {
      const own = await findStoreByMerchant(executor, merchantId);
      if (own) return own;
      const membership = await findActiveMembership(executor, merchantId);
      return membership ? findStoreById(executor, membership.storeId) : undefined;
    },
    createStoreForMerchant,
    merchantOnboarding,
    slugify,
    findMembership: (userId) => findActiveMembership(deps.db, userId),
    findAdminCustomRole: (userId) => findAdminCustomRole(deps.db, userId),
  });
  const chainSteps = fulfilmentSteps(payments.service);
  const orders = createOrdersModule(deps, chainSteps);
  const coupons = createCouponsModule(deps, {
    isFirstTimeCustomer: orders.service.isFirstTimeCustomer,
    // apply-coupon checks a code against the cart's lines (a plain function of the cart module: no cycle).
    cartLines: couponLinesOfCart,
  });
  const giftCards = createGiftCardsModule(deps, { payments: payments.service });
  // The rate card every checkout reads, kept in process and dropped by the shipping module's writes (ADR 031).
  const rateCards = createRateCardCache(deps.changes);
  const shipping = createShippingModule(deps, rateCards);
  // The cart prices through these modules' functions; checkout adds stock, customers, coupons' and gift cards'
  // books, and the orders module, which writes every order.
  const cart = createCartModule(deps, {
    findAddress: findCustomerAddress,
    defaultAddress,
    storeOrigins,
    quoteShipment: (executor, input) => quoteShipment(executor, input, rateCards),
    appliedCouponCodes: coupons.service.appliedCodes,
    evaluateCoupons: coupons.service.evaluateCoupons,
    appliedGiftCards,
    ...(deps.config.settlementMode === 'subaccount'
      ? { storesWithoutSettlement: storesWithoutSubaccount }
      : {}),
  });
  const checkout = createCheckoutModule(
    { ...deps, payments: payments.service },
    checkoutAndPaySteps({
      cart: cart.service,
      orders: orders.service,
      coupons: coupons.service,
      salesFolder,
    }),
  );

  listenToProviderRefunds(payments.service, orders.refunds);
  // A card dispute's resolution books the bank's reversal as refunds of the payment's orders (ADR 049).
  payments.service.onDisputeEvent((executor, event) => orders.refunds.onDispute(executor, event));
  const returns = createReturnsModule(
    deps,
    { orders: orders.service, refunds: orders.refunds },
    {
      reserveStock,
      returnStock,
      findCustomer: findUserById,
      cardDisputes: payments.service,
      // The pickup of a return's goods uses the delivery chain's carriers and the store's address (ADR 060).
      carriers: chainSteps.carriers,
      storePickup: chainSteps.storePickup,
    },
  );
  const system = createSystemModule(deps);
  // Product creates are checked against the store's plan (subscriptions) without the catalog importing it.
  const catalog = createCatalogModule(deps, { productLimit: subscriptions.service.productLimit });
  const policies = createPoliciesModule(deps, {
    isStorePublic: async (executor, storeId) => (await findStoreById(executor, storeId))?.isVisible === true,
  });
  const bankAccounts = createBankAccountsModule(deps, {
    directory: bankDirectory ?? selectBankDirectory(deps.config, deps.logger),
    async checkPassword(userId, password) {
      const user = await findUserById(deps.db, userId);
      return Boolean(user?.passwordHash) && (await verifyPassword(user!.passwordHash!, password));
    },
    storeOwner,
    subaccounts: selectSubaccounts(deps.config, deps.logger, subaccountProvider),
    commissionBasisPointsSql: storeCommissionBasisPointsSql,
  });
  // Commission, escrow and payouts: the books hear of orders' money and of the provider's transfer.* webhooks.
  const ledger = createLedgerModule(deps, {
    ...ledgerStoreFacts(),
    transfers: transfersFor(deps, payments.service, transferProvider),
  });
  // The flows (src/flows, ADR 047): an order's money booked by the ledger in the transaction of each fact, and the
  // provider's transfer webhooks settling payouts.
  orders.service.money.listen(orderMoneyFlow(ledger.service));
  listenToTransfers(payments.service, ledger.service);
  if (deps.config.settlementMode === 'subaccount') {
    wireSubaccountSettlement({ payments: payments.service, orders: orders.service, ledger: ledger.service });
  }
  const reconciliation = createReconciliationModule(deps, {
    statements: selectProviderStatements({ ...deps, statements: providerStatements }),
    adminName: async (userId) => {
      const admin = await findUserById(deps.db, userId);
      return admin && `${admin.firstName} ${admin.lastName}`;
    },
  });
  const api: ServerModule[] = [
    system,
    auth,
    createAdminsModule(deps, { auth: auth.service }),
    stores,
    hubs,
    catalog,
    coupons,
    giftCards,
    createAddressesModule(deps),
    shipping,
    payments,
    cart,
    checkout,
    orders,
    returns,
    createMerchantDashboardModule(deps, { orders: orders.service }),
    policies,
    bankAccounts,
    ledger,
    subscriptions,
    createReportsModule(deps, {
      merchantOnboarding,
      searchProducts: (query) => catalog.service.products.adminList(query),
    }),
    createReviewsModule(deps, {
      receivedProduct: orders.service.receivedProduct,
      receivedFromStore: orders.service.receivedFromStore,
    }),
    createTestimonialsModule(deps),
    createFinanceModule(deps),
    createContactModule(deps),
    createAuditModule(deps),
    createDataRightsModule(deps),
    createStaffModule(deps, { auth: auth.service }),
    notifications,
    reconciliation,
  ];
  const themes = createThemesModule(deps, {
    async findStore(storeId) {
      const store = await findStoreById(deps.db, storeId);
      return store
        ? {
            id: store.id,
            storeName: store.storeName,
            storeUrl: store.storeUrl,
            logo: store.logo,
            socials: { ...store.socials },
          }
        : undefined;
    },
    async findPublicStore(storeUrl) {
      const store = await stores.service.publicStore(storeUrl);
      return {
        id: store.id,
        storeName: store.storeName,
        storeUrl: store.storeUrl,
        logo: store.logo,
        socials: store.socials,
      };
    },
  });
  // One list per surface.
  const bySurface: Record<Surface, ServerModule[]> = {
    api,
    shipping: [system, shipping],
    themes: [system, themes],
  };
  const all = [...new Set(Object.values(bySurface).flat())];
  for (const module of all) {
    for (const definition of module.routes) {
      if (!bySurface[definition.endpoint.surface].includes(module))
        throw new Error(
          `${definition.endpoint.path} is on the ${definition.endpoint.surface} surface, whose list lacks its module`,
        );
    }
  }
  return {
    all,
    bySurface,
    authenticate: auth.authenticate,
    authenticateWithCookie: auth.authenticateWithCookie,
    authenticateByCookie: auth.authenticateByCookie,
    returns: returns.service,
    payments: payments.service,
    checkout: checkout.service,
    fulfilment: orders.fulfilment,
    refunds: orders.refunds,
    subscriptions: subscriptions.service,
    payouts: ledger.service,
    reconciliation: reconciliation.service,
    bookUnpostedOrders: () => bookUnpostedOrders(deps.db, orders.service, ledger.service),
    bankAccounts: bankAccounts.service,
    notifications: notifications.service,
    closeLiveStreams: notifications.closeStreams,
    pageMeta: pageMetaOf(deps.config, catalog.service, stores.service, themes.service),
  };
}

const PRODUCT_PAGE = /^\/(?:storefront\/[^/]+\/)?products\/([0-9a-f-]{36})\/?$/i;
const STORE_PAGE = /^\/storefront\/([^/]+)(?:\/|$)/;
/** The gallery's `sizes` (apps/web/src/features/catalog/components/product-gallery.tsx). */
const GALLERY_SIZES = '(min-width: 1024px) 560px, (min-width: 640px) 50vw, 100vw';

/** The storefront's banner (`ThemeHero` in apps/web/src/features/themes/components/storefront/theme-shell.tsx). */
const BANNER_SIZES = '(min-width: 1024px) 1152px, 100vw';
const STORE_HOME = /^\/storefront\/[^/]+\/?$/;

/**
 * Share tags and the LCP image of product and store pages; undefined for other pages or what is not public. A
 * store page shares its published theme: the banner (preloaded on the store's home page, where it is the largest
 * image) with its title and subtitle, then the theme's logo.
 */
function pageMetaOf(
  settings: Config,
  catalog: ReturnType<typeof createCatalogModule>['service'],
  stores: ReturnType<typeof createStoresModule>['service'],
  themes: Pick<ThemesService, 'storefront'>,
) {
  return async (pathname: string): Promise<PageMeta | undefined> => {
    const url = `${settings.publicUrl}${pathname}`;
    // The home page is the link most often shared: a card with the marketplace's own words.
    if (pathname === '/') {
      return {
        title: 'Shop from stores across Nigeria',
        description:
          'Pay in naira, follow your favourite stores and get your orders delivered to your door. Naija Market: shop from Nigerian stores.',
        url: `${settings.publicUrl}/`,
        type: 'website',
      };
    }
    try {
      const product = PRODUCT_PAGE.exec(pathname);
      if (product) {
        const found = await catalog.storefront.one(product[1]!);
        const price = found.pricing[0]?.sellingPrice;
        return {
          title: found.name,
          description: found.description.join(' ') || `${found.name} on Naija Market`,
          url,
          type: 'product',
          image: found.hostedImages[0],
          imageSizes: GALLERY_SIZES,
          priceKobo: price === undefined ? undefined : nairaToKobo(price),
        };
      }
      const store = STORE_PAGE.exec(pathname);
      if (store) {
        const storeUrl = decodeURIComponent(store[1]!);
        const found = await stores.publicStore(storeUrl);
        // The themes service may be down or the store unpublished: the profile's logo still makes a card.
        const theme = await themes.storefront(storeUrl).catch(() => undefined);
        const banner = theme?.body.bannerImage ?? undefined;
        const logo = theme?.header.logo ?? found.logo ?? undefined;
        const headline = [theme?.body.bannerMainText, theme?.body.bannerSubText].filter(Boolean).join(': ');
        return {
          title: found.storeName,
          description:
            headline ||
            `Shop ${found.storeName}${found.state ? ` in ${found.state}` : ''} on Naija Market, paid in naira.`,
          url,
          type: 'website',
          image: banner ?? logo,
          imageSizes: banner && STORE_HOME.test(pathname) ? BANNER_SIZES : undefined,
          imageAlt: banner ? theme?.body.bannerMainText || `${found.storeName} banner` : undefined,
          logo: banner ? logo : undefined,
        };
      }
    } catch {
      // Not found or not public: the page itself says so; the HTML stays the generic one.
    }
    return undefined;
  };
}

const apiBases = Object.values(surfaceBases);
/** Server-owned prefixes that are never a page of the web app: a miss there is the 404 envelope, not index.html. */
const notPagePrefixes = [...apiBases, '/media', '/assets'];

/** The built web app at `/`, hashed assets cached for a year, and index.html for every client route. */
async function serveWebApp(
  app: FastifyInstance,
  config: Config,
  knownRoutes: RouteTable,
  pageMeta: (pathname: string) => Promise<PageMeta | undefined>,
  responseCache: ResponseCache | undefined,
) {
  const dist = config.webDist ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
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
      const meta = await pageMeta(pathname);
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
