import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyMultipart from '@fastify/multipart';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  LogController,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type Config, trustProxyOption } from '../config.js';
import type { Database } from '../db/client.js';
import type { Deps } from '../deps.js';
import type { JobRunner } from '../jobs/index.js';
import { redactUrl } from '../logger.js';
import { observability } from '../observability/plugin.js';
import { MAX_IMAGE_BYTES } from '../storage/storage.js';
import { refusedAsBusy, refuseWhileBusy } from './busy.js';
import { clientErrorAnswer, installErrorHandler } from './error-handler.js';
import {
  answerClientError,
  MAX_PARAM_LENGTH,
  type RouteTable,
  recordRoutes,
  refuseUnservedMethods,
} from './not-found.js';
import { installRequestGuards } from './request-guards.js';
import { ANSWER_BROTLI_QUALITY } from './response-cache.js';
import { installSecurityHeaders } from './security-headers.js';
import { hydrationLoaderHash } from './server-render.js';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,80}$/;

/**
 * The Fastify instance every surface is mounted on: request ids (the caller's when well formed), one log line per
 * request, the envelope for router errors, zod schemas, and the table of routes the 404/405 answers read.
 */
export function createServer(
  config: Config,
  logger: FastifyBaseLogger,
): { app: FastifyInstance; knownRoutes: RouteTable } {
  const app: FastifyInstance = Fastify({
    loggerInstance: logger,
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
    // A refusal of the embedded database's bound (busy.ts) is load shed by design, at info with every request: an
    // error line per refusal cost the starved server more CPU just when it had least (ADR 110).
    if (reply.statusCode >= 500 && !refusedAsBusy(request)) request.log.error(fields, 'request failed');
    else request.log.info(fields, refusedAsBusy(request) ? 'request refused: busy' : 'request');
  });
  return { app, knownRoutes };
}

/**
 * What every request passes through before its route: errors as the envelope, observability, compression, cookies,
 * uploads, CORS, security headers and, on the embedded database, the bounded queue's refusal.
 */
export async function installServerPlugins(
  app: FastifyInstance,
  parts: { config: Config; database: Database; deps: Deps; scheduler: JobRunner; liveStreams: () => number },
): Promise<void> {
  const { config, database, deps, scheduler } = parts;
  installErrorHandler(app);
  await app.register(observability, { deps, scheduler, liveStreams: parts.liveStreams });
  // Answers over 1 KiB travel brotli- or gzip-compressed when the client accepts it, brotli at the quality of the
  // cached reads' copies (ANSWER_BROTLI_QUALITY, 3: cheap on the CPU). Built assets are compressed once at build time
  // and served as they are (`preCompressed` in web-app.ts).
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: ANSWER_BROTLI_QUALITY } },
  });
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
}
