import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  type Access,
  adminPayoutEndpoints,
  checkoutEndpoints,
  couponMerchantEndpoints,
  customerOrderEndpoints,
  customerReturnEndpoints,
  type Endpoint,
  type ErrorStatus,
  errorEnvelope,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  NUL_FREE_PATTERN,
  productEndpoints,
  REFUSED_JSON_KEYS,
  RULES_KEY,
  type Surface,
  shippingAddressEndpoints,
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
  400: 'The request could not be understood (malformed JSON or multipart, or a `__proto__` key anywhere in the JSON)',
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
/** Where an endpoint's operation sits in the document: its path (`{id}` for `:id`) and method. */
export const documentPathOf = (endpoint: Endpoint) =>
  `${surfaceBases[endpoint.surface]}${endpoint.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;

/** A JSON pointer to an operation (`#/paths/~1api~1discount~1{id}/get`), for a link's `operationRef`. */
const operationRefOf = (endpoint: Endpoint) =>
  `#/paths/${documentPathOf(endpoint).replaceAll('~', '~0').replaceAll('/', '~1')}/${endpoint.method.toLowerCase()}`;

/**
 * The main resources' lifecycles as OpenAPI links (issue 34 item 32): what a create answers leads to the calls that
 * read, change and delete what it made, so a stateful tester (or a reader) can follow create → read → update →
 * delete. Each link names the answer's field that carries the id.
 */
export const operationLinks: readonly {
  from: Endpoint;
  links: Record<string, { to: Endpoint; parameters: Record<string, string> }>;
}[] = [
  {
    from: shippingAddressEndpoints.add,
    links: {
      UpdateAddress: { to: shippingAddressEndpoints.update, parameters: { id: '$response.body#/data/id' } },
      MakeAddressDefault: {
        to: shippingAddressEndpoints.makeDefault,
        parameters: { id: '$response.body#/data/id' },
      },
      DeleteAddress: { to: shippingAddressEndpoints.remove, parameters: { id: '$response.body#/data/id' } },
    },
  },
  {
    from: productEndpoints.create,
    links: { EditProduct: { to: productEndpoints.edit, parameters: { id: '$response.body#/data/id' } } },
  },
  {
    from: couponMerchantEndpoints.create,
    links: {
      GetCoupon: { to: couponMerchantEndpoints.one, parameters: { id: '$response.body#/data/id' } },
      UpdateCoupon: { to: couponMerchantEndpoints.update, parameters: { id: '$response.body#/data/id' } },
      DeleteCoupon: { to: couponMerchantEndpoints.remove, parameters: { id: '$response.body#/data/id' } },
    },
  },
  {
    from: checkoutEndpoints.create,
    links: {
      GetCheckout: {
        to: checkoutEndpoints.tracker,
        parameters: { reference: '$response.body#/data/tracker/reference' },
      },
      GetFirstOrder: {
        to: customerOrderEndpoints.one,
        parameters: { id: '$response.body#/data/tracker/orders/0/id' },
      },
    },
  },
  {
    from: customerReturnEndpoints.create,
    links: {
      GetReturn: { to: customerReturnEndpoints.one, parameters: { id: '$response.body#/data/id' } },
      DisputeReturn: { to: customerReturnEndpoints.dispute, parameters: { id: '$response.body#/data/id' } },
    },
  },
  {
    from: adminPayoutEndpoints.approvePayout,
    links: {
      FinalizePayoutOtp: {
        to: adminPayoutEndpoints.finalizeOtp,
        parameters: { payoutId: '$response.body#/data/id' },
      },
      ResendPayoutOtp: {
        to: adminPayoutEndpoints.resendOtp,
        parameters: { payoutId: '$response.body#/data/id' },
      },
    },
  },
];

function addLinks(document: OpenApiDocument): void {
  for (const { from, links } of operationLinks) {
    const operation = document.paths[documentPathOf(from)]?.[from.method.toLowerCase()];
    const responses = operation?.responses as Record<string, { links?: unknown }> | undefined;
    const success = responses?.[String(from.status ?? 200)];
    if (!success) continue;
    success.links = Object.fromEntries(
      Object.entries(links).map(([name, link]) => [
        name,
        { operationRef: operationRefOf(link.to), parameters: link.parameters },
      ]),
    );
  }
}

/** A pattern that could match U+0000 somewhere (a negated class, `.`, `\S`, `\W`, `\D`): it gets the NUL rule beside it. */
const mayHoldNul = (pattern: string) => /\\[SWD]|\[\^|(?<!\\)\./.test(pattern);

/**
 * The rules every request string and object meets, whatever its operation (ADR 085), written on each request schema
 * (parameters and bodies): no U+0000 in a string (a pattern, or beside a pattern that could hold one), and no
 * U+0000 or `__proto__` in a key (`propertyNames`). The server refuses both before validation (request-guards.ts,
 * and the JSON parser's prototype-poisoning guard, 400).
 */
export function publishRequestRules(schema: unknown): void {
  if (Array.isArray(schema)) {
    for (const item of schema) publishRequestRules(item);
    return;
  }
  if (!schema || typeof schema !== 'object') return;
  const node = schema as Record<string, unknown>;
  const types = Array.isArray(node.type) ? node.type : [node.type];
  // A file part (`contentMediaType`) is bytes, not text: NUL is a byte like any other there.
  const text = types.includes('string') && !node.contentMediaType;
  if (text && node.enum === undefined && node.const === undefined && !node.format) {
    if (typeof node.pattern !== 'string') node.pattern = NUL_FREE_PATTERN;
    else if (mayHoldNul(node.pattern) && !node.allOf) node.allOf = [{ pattern: NUL_FREE_PATTERN }];
  }
  if (types.includes('object') || node.properties)
    node.propertyNames = { pattern: NUL_FREE_PATTERN, not: { enum: [...REFUSED_JSON_KEYS] } };
  for (const [key, value] of Object.entries(node)) {
    // `not` says what is refused: a rule added inside it would turn into its opposite.
    if (key !== 'not' && key !== 'propertyNames' && value && typeof value === 'object')
      publishRequestRules(value);
  }
}

/** The top-level query parameters an endpoint's query schema names (every member's, for a union). */
export function queryParameterNames(query: z.ZodType): Set<string> | undefined {
  const json = z.toJSONSchema(query, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, unknown>;
    anyOf?: { properties?: Record<string, unknown> }[];
    oneOf?: { properties?: Record<string, unknown> }[];
  };
  const members = [json, ...(json.anyOf ?? []), ...(json.oneOf ?? [])];
  const names = members.flatMap((member) => Object.keys(member.properties ?? {}));
  return names.length > 0 ? new Set(names) : undefined;
}

/** A multipart body's schema: the form's text fields and its files, each at least one byte. */
function uploadRequestBody(upload: NonNullable<Endpoint['upload']>) {
  const files = upload.files ?? [upload.field];
  // The form's text fields, as the handler validates them (the theme saves' merchantThemeId).
  const form = upload.form
    ? (z.toJSONSchema(upload.form, { io: 'input', unrepresentable: 'any' }) as {
        properties?: Record<string, unknown>;
        required?: string[];
      })
    : {};
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: {
            ...form.properties,
            ...Object.fromEntries(
              files.map((field) => [
                field,
                {
                  type: 'string',
                  contentMediaType: 'application/octet-stream',
                  minLength: 1,
                  description: 'A file part; an empty one (no bytes) is refused with 422',
                },
              ]),
            ),
          },
          required: [...new Set([...(form.required ?? []), upload.field])],
        },
      },
    },
  };
}

function completeDocument(document: OpenApiDocument, routes: DocumentedRoutes): OpenApiDocument {
  // The envelope is only ever an answer: its input twin would be a component nothing refers to.
  delete document.components?.schemas?.ErrorEnvelopeInput;
  addLinks(document);
  for (const { endpoint } of routes.values()) {
    const path = documentPathOf(endpoint);
    const operation = document.paths[path]?.[endpoint.method.toLowerCase()];
    if (!operation) continue;
    if (endpoint.query) {
      const query = z.toJSONSchema(endpoint.query, {
        io: 'input',
        target: 'draft-2020-12',
        unrepresentable: 'any',
      }) as Record<string, unknown>;
      // A rule across parameters (one of two, both dates or neither, an order between them) lives on the object
      // that holds them: the query becomes that one object parameter.
      const acrossParameters = ['anyOf', 'oneOf', 'not', 'dependentRequired', 'dependentSchemas', RULES_KEY];
      if (acrossParameters.some((keyword) => query[keyword] !== undefined)) {
        delete query.$schema;
        query.additionalProperties = false;
        operation.parameters = [
          ...(operation.parameters ?? []).filter((parameter) => parameter.in !== 'query'),
          { in: 'query', name: 'query', style: 'form', explode: true, required: true, schema: query },
        ];
      } else {
        operation['x-additional-query-parameters'] = false;
      }
      operation.description = [
        operation.description,
        '422 also when a query parameter this operation does not list is sent.',
      ]
        .filter(Boolean)
        .join(' ');
    }
    // A body the contract lets the caller leave out (sign-out) is not required, whatever the generator wrote.
    const requestBody = operation.requestBody as { required?: boolean } | undefined;
    if (requestBody && endpoint.body?.safeParse(undefined).success) requestBody.required = false;
    if (endpoint.upload && !endpoint.body) operation.requestBody = uploadRequestBody(endpoint.upload);
    for (const parameter of operation.parameters ?? []) publishRequestRules(parameter.schema);
    publishRequestRules(operation.requestBody);
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
