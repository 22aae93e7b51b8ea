import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { type Surface, surfaceBases } from '@market/contracts';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { addressesRoutes } from './modules/addresses/addresses.routes.js';
import {
  createAddressesService,
  defaultAddress,
  findCustomerAddress,
} from './modules/addresses/addresses.service.js';
import { adminsRoutes } from './modules/admins/admins.routes.js';
import { createAdminsService } from './modules/admins/admins.service.js';
import { createAuthenticate } from './modules/auth/auth.guard.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createCartService } from './modules/cart/cart.service.js';
import { catalogModuleRoutes } from './modules/catalog/catalog.routes.js';
import { storeCatalogPort } from './modules/catalog/store-catalog-port.js';
import type { CheckoutPorts } from './modules/checkout/checkout.ports.js';
import { checkoutRoutes } from './modules/checkout/checkout.routes.js';
import { createCheckoutService } from './modules/checkout/checkout.service.js';
import { couponsRoutes } from './modules/coupons/coupons.routes.js';
import { createCouponsService } from './modules/coupons/coupons.service.js';
import { giftCardsRoutes } from './modules/gift-cards/gift-cards.routes.js';
import {
  appliedGiftCards,
  confirmHolds,
  createGiftCardsService,
  holdBalances,
  releaseHolds,
} from './modules/gift-cards/gift-cards.service.js';
import { createOrdersService, isFirstTimeCustomer } from './modules/orders/orders.service.js';
import { shippingRoutes } from './modules/shipping/shipping.routes.js';
import { createShippingService, quoteShipment, storeOrigin } from './modules/shipping/shipping.service.js';
import { createOnboardingService } from './modules/stores/onboarding.service.js';
import { createStoreApprovalService } from './modules/stores/store-approval.service.js';
import { findStoreByMerchant } from './modules/stores/stores.repository.js';
import { storesRoutes } from './modules/stores/stores.routes.js';
import { createStoresService, type StoresService } from './modules/stores/stores.service.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { createTokenSigner } from './platform/auth/tokens.js';
import type { Config } from './platform/config.js';
import type { Database } from './platform/db/client.js';
import type { Deps } from './platform/deps.js';
import { installErrorHandler } from './platform/http/error-handler.js';
import { mountRoutes, type RouteDefinition } from './platform/http/routes.js';
import { createLogger } from './platform/logger.js';
import { createMailer, type Mailer } from './platform/mail/mailer.js';
import { createPayments } from './platform/payments/index.js';
import { paymentsHttp, paymentsRoutes } from './platform/payments/payments.routes.js';
import type { PaymentProvider } from './platform/payments/provider.js';
import { createRateLimits, type RateLimits } from './platform/security/rate-limits.js';
import { createDiskStore, createS3Store } from './platform/storage/blob-stores.js';
import { createMedia, MEDIA_PREFIX, type Media } from './platform/storage/media.js';
import { MAX_IMAGE_BYTES } from './platform/storage/storage.js';

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
  /** Defaults to Paystack with PAYSTACK_SECRET_KEY, else the built-in sandbox. */
  paymentProvider?: PaymentProvider;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,80}$/;

/** Background work the server process runs on a timer; tests call it directly. */
export interface AppJobs {
  sweepCheckouts(): Promise<{ expired: number; refunded: number }>;
}

export async function buildApp(
  options: BuildOptions,
): Promise<{ app: FastifyInstance; deps: Deps; jobs: AppJobs }> {
  const { config, database } = options;
  const logger = createLogger(config, options.logger ?? true);
  const app: FastifyInstance = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestIdHeader: false,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const now = options.now ?? (() => new Date());
  const payments = createPayments({
    config,
    db: database.db,
    logger: app.log as Deps['logger'],
    now,
    provider: options.paymentProvider,
  });
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
      }),
    rateLimits: options.rateLimits ?? createRateLimits({ redis: options.redis }),
    media:
      options.media ?? createMedia(config.s3 ? createS3Store(config.s3) : createDiskStore(config.uploadsDir)),
    payments: payments.service,
  };
  app.addHook('onClose', async () => {
    await deps.mailer.stop();
  });

  installErrorHandler(app);
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 20, parts: 21 },
  });
  await app.register(fastifyCors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    credentials: true,
    exposedHeaders: ['x-request-id', 'retry-after'],
  });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'", ...config.corsOrigins],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Naija Market API',
        version: '0.1.0',
        description:
          'The main API (/api), the shipping API (/shipping-api) and the themes service (/themes-api). Every answer is an envelope: { message, data } on success, { message, error, details? } on failure.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const auth = createAuthService(deps);
  const authenticate = createAuthenticate(deps.tokens, auth);
  const admins = createAdminsService(deps, auth);
  // Onboarding completion changes a store's visibility, which the stores service (made next) works out.
  let storesService: StoresService | undefined;
  const onboarding = createOnboardingService(deps, storeCatalogPort, async (executor, merchantId) => {
    const store = await findStoreByMerchant(executor, merchantId);
    if (store && storesService) await storesService.refreshVisibility(executor, store.id);
  });
  storesService = createStoresService(deps, storeCatalogPort, onboarding);
  const storeApproval = createStoreApprovalService(deps, storesService, storeCatalogPort);
  // Checkout reaches coupons and gift cards through these two services' functions.
  const coupons = createCouponsService(deps, { isFirstTimeCustomer });
  const giftCards = createGiftCardsService(deps);
  const checkoutPorts: CheckoutPorts = {
    findAddress: findCustomerAddress,
    defaultAddress,
    storeOrigin,
    quoteShipment,
    appliedCouponCodes: coupons.appliedCodes,
    evaluateCoupons: coupons.evaluateCoupons,
    recordRedemptions: coupons.recordRedemptions,
    appliedGiftCards,
    holdGiftCards: holdBalances,
    releaseGiftCards: releaseHolds,
    confirmGiftCards: confirmHolds,
  };
  const cart = createCartService(deps, checkoutPorts);
  const checkout = createCheckoutService(deps, cart, checkoutPorts);
  const routes: RouteDefinition[] = [
    ...systemRoutes(deps),
    ...authRoutes(deps, auth),
    ...adminsRoutes(admins),
    ...storesRoutes(deps, onboarding, storesService, storeApproval),
    ...catalogModuleRoutes(deps),
    ...couponsRoutes(coupons),
    ...giftCardsRoutes(giftCards),
    ...addressesRoutes(createAddressesService(deps)),
    ...shippingRoutes(createShippingService(deps)),
    ...paymentsRoutes(deps.payments),
    ...checkoutRoutes(cart, checkout, createOrdersService(deps)),
  ];

  for (const surface of Object.keys(surfaceBases) as Surface[]) {
    const own = routes.filter((definition) => definition.endpoint.surface === surface);
    await app.register(
      async (scope) => {
        mountRoutes(scope, own, authenticate);
      },
      { prefix: surfaceBases[surface] },
    );
  }

  await app.register(
    paymentsHttp({ payments: deps.payments, sandbox: payments.sandbox, logger: deps.logger }),
  );

  app.get(`${MEDIA_PREFIX}:name`, { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params as { name: string };
    const body = await deps.media.readImage(name);
    if (!body) return reply.code(404).send({ message: 'Not found', error: 'NOT_FOUND' });
    return reply.header('cache-control', 'public, max-age=31536000, immutable').type('image/webp').send(body);
  });

  await serveWebApp(app, config);
  return { app, deps, jobs: { sweepCheckouts: () => checkout.sweep() } };
}

const apiBases = Object.values(surfaceBases);

/** The built web app at `/`, hashed assets cached for a year, and index.html for every client route. */
async function serveWebApp(app: FastifyInstance, config: Config) {
  const dist = config.webDist ?? path.resolve(import.meta.dirname, '../../web/dist');
  const hasWeb = fs.existsSync(path.join(dist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
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
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = apiBases.some((base) => pathname === base || pathname.startsWith(`${base}/`));
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.code(404).send({ message: 'Not found', error: 'NOT_FOUND' });
  });
}
