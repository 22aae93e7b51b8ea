import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  type Access,
  type Endpoint,
  type ErrorStatus,
  errorEnvelope,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  type Surface,
  surfaceBases,
} from '@market/contracts';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The refusals every endpoint of this shape can give, whatever its handler does: the guard's 401 and 403 for a
 * signed-in endpoint, 422 for any input, 400, 413 and 415 for a body (malformed, too large, wrong media type), 414
 * for an over-long path parameter or query, 503 for any (load shedding, a part down), 404 for an input that names a row, 409 for a change that meets the resource's
 * state.
 */
function impliedErrorStatuses(endpoint: Endpoint, signedIn: boolean): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(endpoint.errors ?? []);
  const takesBody = Boolean(endpoint.body || endpoint.upload);
  if (signedIn) {
    statuses.add(401);
    statuses.add(403);
  }
  if (endpoint.params || endpoint.query || endpoint.body || endpoint.upload) statuses.add(422);
  if (takesBody) {
    statuses.add(400);
    statuses.add(413);
    statuses.add(415);
  }
  // An address longer than the server reads is refused whatever the route: a long path parameter or query.
  if (endpoint.params || endpoint.query) statuses.add(414);
  // Uploads are counted per account and address before a byte of the file is read (the `upload` limit).
  if (endpoint.upload) statuses.add(429);
  // Any answer that waits on the database may be shed while the embedded database is saturated (ADR 054), and a
  // part an answer needs may be down: 503 with Retry-After.
  statuses.add(503);
  if (endpoint.params || namesARow(endpoint.query) || namesARow(endpoint.body)) statuses.add(404);
  if (endpoint.method !== 'GET') statuses.add(409);
  // A malformed or reused Idempotency-Key is refused with 422 (ADR 064).
  if (endpoint.idempotent) statuses.add(422);
  return [...statuses].sort((a, b) => a - b);
}

/** An input that carries a row's id (a uuid anywhere in it) can name a row that is not there, or not the caller's. */
function namesARow(schema: z.ZodType | undefined): boolean {
  if (!schema) return false;
  const json = JSON.stringify(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }));
  return json.includes('"format":"uuid"');
}

/** What the document says of each refusal; the body is always the error envelope. */
const errorDescriptions: Record<ErrorStatus, string> = {
  400: 'The request could not be understood (malformed JSON or multipart)',
  401: 'Not signed in, or the token expired',
  403: 'Signed in, but this account may not do this',
  404: 'Not found, or not yours',
  409: 'Conflicts with the current state (duplicate, stock, status)',
  413: 'The request body is too large',
  414: 'A path parameter is too long',
  415: 'This content type is not supported',
  422: 'The input breaks a rule of this operation; details name each field',
  429: 'Too many requests: wait and try again (see Retry-After)',
  503: 'A part the answer needs is not answering, or the server is shedding load: try again after Retry-After',
};

/** Every documented operation's endpoint, keyed as Fastify sees the route (`GET /api/products/:id`). */
export type DocumentedRoutes = Map<string, { endpoint: Endpoint; access: Access }>;

export const routeKey = (method: string, url: string) => `${method.toUpperCase()} ${url}`;

// The envelope is one component that every refusal refers to, instead of a copy in each of the 309 operations.
z.globalRegistry.add(errorEnvelope, { id: 'ErrorEnvelope' });

const media = (type: string, schema: z.ZodType, description: string) => ({
  description,
  content: { [type]: { schema } },
});

/**
 * Builds each operation's responses from its endpoint: the success status with its media type, then every refusal
 * the endpoint's shape implies plus the ones its contract names, each with the envelope, and 500 for the
 * unexpected. Fastify's own response schemas (success, `4xx`, `5xx`) stay as they are: they serialise answers.
 */
function transformWith(routes: DocumentedRoutes): SwaggerTransform {
  return (input) => {
    const route = input.route as { method: string | string[] };
    const method = Array.isArray(route.method) ? route.method[0] : route.method;
    const documented = method ? routes.get(routeKey(method, input.url)) : undefined;
    if (!documented || !input.schema) return jsonSchemaTransform(input);
    const { endpoint, access } = documented;
    const success = endpoint.status ?? 200;
    const responses: Record<string, unknown> = {
      [success]: media(
        endpoint.produces ?? 'application/json',
        endpoint.produces ? z.string() : endpoint.response,
        endpoint.produces ? `The ${endpoint.produces} document` : 'Done',
      ),
    };
    for (const status of impliedErrorStatuses(endpoint, access.kind === 'signed-in')) {
      responses[status] = media('application/json', errorEnvelope, errorDescriptions[status]);
    }
    responses[500] = media('application/json', errorEnvelope, 'Something went wrong on the server');
    return jsonSchemaTransform({
      ...input,
      schema: { ...input.schema, response: responses } as typeof input.schema,
    });
  };
}

interface Parameter {
  in: string;
  name: string;
  schema?: Record<string, unknown>;
  [key: string]: unknown;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: unknown;
  description?: string;
  [key: string]: unknown;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
  info: { title: string; description?: string };
  [key: string]: unknown;
}

/**
 * What the per-route transform cannot say, written into the built document:
 * - a query whose rule spans its parameters (one of storeId or storeName) becomes one object parameter, `style:
 *   form, explode: true`, whose properties travel as the separate query parameters they are (OpenAPI's construct
 *   for rules across parameters);
 * - an endpoint that takes only a file documents its multipart form;
 * - fields whose refusal depends on stored data or the date are listed under `x-server-checks`.
 */
function completeDocument(document: OpenApiDocument, routes: DocumentedRoutes): OpenApiDocument {
  // The envelope is only ever an answer: its input twin would be a component nothing refers to.
  delete document.components?.schemas?.ErrorEnvelopeInput;
  for (const { endpoint } of routes.values()) {
    const path = `${surfaceBases[endpoint.surface]}${endpoint.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;
    const operation = document.paths[path]?.[endpoint.method.toLowerCase()];
    if (!operation) continue;
    if (endpoint.query) {
      const query = z.toJSONSchema(endpoint.query, {
        io: 'input',
        target: 'draft-2020-12',
        unrepresentable: 'any',
      }) as Record<string, unknown>;
      if (query.anyOf || query.oneOf) {
        delete query.$schema;
        operation.parameters = [
          ...(operation.parameters ?? []).filter((parameter) => parameter.in !== 'query'),
          { in: 'query', name: 'query', style: 'form', explode: true, required: true, schema: query },
        ];
      }
    }
    if (endpoint.upload && !endpoint.body) {
      const files = endpoint.upload.files ?? [endpoint.upload.field];
      operation.requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: Object.fromEntries(
                files.map((field) => [
                  field,
                  { type: 'string', contentMediaType: 'application/octet-stream' },
                ]),
              ),
              required: [endpoint.upload.field],
            },
          },
        },
      };
    }
    if (endpoint.idempotent) documentIdempotency(operation);
    if (endpoint.serverChecks) {
      operation['x-server-checks'] = endpoint.serverChecks;
      const rules = Object.entries(endpoint.serverChecks).map(([field, rule]) => `${field} ${rule}`);
      operation.description = [operation.description, `422 also when: ${rules.join('; ')}.`]
        .filter(Boolean)
        .join(' ');
    }
  }
  return document;
}

/**
 * An idempotent money mutation (ADR 064): its `Idempotency-Key` header, the header that marks a replayed answer,
 * and what 409 and 422 also mean for it.
 */
function documentIdempotency(operation: Operation): void {
  operation.parameters = [
    ...(operation.parameters ?? []).filter(
      (parameter) => parameter.in !== 'header' || parameter.name.toLowerCase() !== IDEMPOTENCY_KEY_HEADER,
    ),
    {
      in: 'header',
      name: 'Idempotency-Key',
      required: false,
      description:
        'A key made once per action (a UUID). A repeat of the same request with the same key, by the same account, within 24 hours answers the first answer (status and body) with `Idempotent-Replayed: true` and does the work once. The same key with a different request is refused with 422. 5xx and 429 answers are not kept, so a retry after one does the work.',
      schema: { type: 'string', minLength: 1, maxLength: 255, pattern: IDEMPOTENCY_KEY_PATTERN.source },
    },
  ];
  operation['x-idempotent'] = true;
  const responses = (operation.responses ?? {}) as Record<string, Record<string, unknown>>;
  const replayed = {
    'Idempotent-Replayed': {
      description: 'Present (`true`) when this answer repeats the first answer given to this Idempotency-Key',
      schema: { type: 'string', enum: ['true'] },
    },
  };
  for (const [status, response] of Object.entries(responses)) {
    if (Number(status) < 500) response.headers = { ...(response.headers as object | undefined), ...replayed };
  }
  const conflict = responses['409'];
  if (conflict) {
    conflict.description = `${conflict.description}; or a request with this Idempotency-Key is still being processed (try again after Retry-After)`;
    conflict.headers = {
      ...(conflict.headers as object | undefined),
      'Retry-After': {
        description: 'Seconds to wait, when the request with this Idempotency-Key is still being processed',
        schema: { type: 'integer', minimum: 1 },
      },
    };
  }
  const refused = responses['422'];
  if (refused)
    refused.description = `${refused.description}; or this Idempotency-Key was already used for a different request`;
}

const titles: Record<Surface, string> = {
  api: 'Naija Market API',
  shipping: 'Naija Market shipping API',
  themes: 'Naija Market themes service',
};

/** The part of the combined document that one surface serves: its paths, with every shared component. */
export function surfaceDocument(combined: OpenApiDocument, surface: Surface): OpenApiDocument {
  const base = `${surfaceBases[surface]}/`;
  return {
    ...combined,
    info: { ...combined.info, title: titles[surface] },
    paths: Object.fromEntries(Object.entries(combined.paths).filter(([path]) => path.startsWith(base))),
  };
}

/**
 * The OpenAPI 3.1 document, built from the contracts as routes register: the combined one (every surface) at
 * `/api/docs/json` with the browsable UI at `/api/docs`, and each surface's own at `/api/docs/api.json`,
 * `/shipping-api/docs/json` and `/themes-api/docs/json`. Outside production only: it lists every admin route.
 */
export async function registerOpenApi(app: FastifyInstance, routes: DocumentedRoutes, production: boolean) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Naija Market API',
        version: '0.1.0',
        description:
          'The main API (/api), the shipping API (/shipping-api) and the themes service (/themes-api). Every answer is an envelope: { message, data } on success, { message, error, details? } on failure. Each surface also serves its own document: /api/docs/api.json, /shipping-api/docs/json, /themes-api/docs/json.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: transformWith(routes),
    transformObject: (input) =>
      completeDocument(
        jsonSchemaTransformObject(input) as unknown as OpenApiDocument,
        routes,
      ) as unknown as ReturnType<typeof jsonSchemaTransformObject>,
  });
  if (production) return;
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  const own = new Map<Surface, OpenApiDocument>();
  const urls: Record<Surface, string> = {
    api: '/api/docs/api.json',
    shipping: '/shipping-api/docs/json',
    themes: '/themes-api/docs/json',
  };
  for (const surface of Object.keys(urls) as Surface[]) {
    app.get(urls[surface], { schema: { hide: true } }, async () => {
      let document = own.get(surface);
      if (!document) {
        document = surfaceDocument(app.swagger() as unknown as OpenApiDocument, surface);
        own.set(surface, document);
      }
      return document;
    });
  }
}
