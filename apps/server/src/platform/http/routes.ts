import {
  type Access,
  type AccountKind,
  type Endpoint,
  errorEnvelope,
  requiredPermissions,
} from '@market/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError, forbidden, validation } from '../errors.js';
import { runAsActor } from '../observability/request-context.js';
import { answerOnce, type IdempotencyKeys, idempotencyKeyOf, requestFingerprint } from './idempotency.js';
import { queryParameterNames } from './openapi.js';
import { cachedRouteHooks, type ResponseCache } from './response-cache.js';

export interface AuthContext {
  userId: string;
  sessionId: string;
  kind: AccountKind;
  /** Admin role (admin, superadmin, dispatcher, scheduler) or, for merchants, their role in their store. */
  role: string | null;
  tokenExpiresAt: Date;
  /** The store a merchant account is an active member of (resolved by the guard from `store_members`). */
  storeId?: string;
  /** What the caller may do: a merchant's membership permissions, an admin role's, a partner's. */
  permissions: readonly string[];
  /** The account's name and e-mail as the session check read them (ADR 037). */
  account: SignedInAccount;
}

/** The signed-in account's name and e-mail, read with its session. */
export interface SignedInAccount {
  firstName: string;
  lastName: string;
  email: string;
}

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface HandlerContext<E extends Endpoint> {
  params: E extends Endpoint<infer P, z.ZodType, z.ZodType, z.ZodType> ? Out<P> : never;
  query: E extends Endpoint<z.ZodType, infer Q, z.ZodType, z.ZodType> ? Out<Q> : never;
  body: E extends Endpoint<z.ZodType, z.ZodType, infer B, z.ZodType> ? Out<B> : never;
  /** Present whenever the endpoint's access is `signed-in`. */
  auth: E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, z.ZodType, infer A>
    ? A extends { kind: 'signed-in' }
      ? AuthContext
      : AuthContext | null
    : AuthContext | null;
  request: FastifyRequest;
  reply: FastifyReply;
  ip: string;
  /**
   * The file of an endpoint that takes both a body and an `upload` and was called as multipart/form-data (its
   * text fields became the body and were validated by the body schema); undefined for a JSON call.
   */
  file?: UploadedFile;
}

/** A file read whole from a multipart request (its size is capped by the multipart limits of app.ts). */
export interface UploadedFile {
  field: string;
  filename: string;
  bytes: Buffer;
}

const uploadedFiles = new WeakMap<FastifyRequest, UploadedFile>();
/**
 * For endpoints with a body and an upload: a multipart call's text fields become the body (so the contract's body
 * schema validates them as it does JSON) and its one file is kept for the handler. A JSON call passes untouched.
 */
function multipartBody(field: string) {
  return async (request: FastifyRequest) => {
    if (typeof request.isMultipart !== 'function' || !request.isMultipart()) return;
    const body: Record<string, string> = {};
    for await (const part of request.parts()) {
      if (part.fieldname.includes('\u0000')) throw validation('fields', 'Field names cannot contain NUL');
      if (part.type === 'file') {
        if (part.fieldname !== field || uploadedFiles.has(request)) {
          throw validation(part.fieldname, `Attach one file in the "${field}" field`);
        }
        const bytes = await part.toBuffer();
        uploadedFiles.set(request, { field, filename: part.filename, bytes });
      } else if (typeof part.value === 'string') {
        if (part.value.includes('\u0000')) throw validation(part.fieldname, 'Text cannot contain NUL');
        body[part.fieldname] = part.value;
      }
    }
    request.body = body;
  };
}

/**
 * An operation that takes a query refuses a parameter it does not list (ADR 085): a misspelt filter would otherwise
 * be ignored in silence, and the document says `x-additional-query-parameters: false` (or `additionalProperties:
 * false` on its query object).
 */
function refuseUnknownQuery(request: FastifyRequest, known: ReadonlySet<string>): void {
  const query = request.query as Record<string, unknown> | null | undefined;
  for (const name of Object.keys(query ?? {})) {
    if (!known.has(name))
      throw new AppError('VALIDATION_ERROR', 'This operation takes no such query parameter', [
        { path: `query.${name}`, message: 'This operation takes no such query parameter' },
      ]);
  }
}

type ResponseOf<E> = E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.input<R> : never;

export interface RouteDefinition {
  endpoint: Endpoint;
  handler: (context: HandlerContext<Endpoint>) => Promise<unknown>;
  /** Overrides who may call it (defaults to the endpoint's own access). */
  access?: Access;
  /** A public read kept in the response cache until the catalog changes (with ETag and 304). */
  cached?: boolean;
  /** A hot public read whose handler already gives the contract's shape: written by JSON.stringify (see below). */
  shaped?: boolean;
}

/** Marks a public GET route for the response cache; its answer must depend on nothing but its URL. */
export function cached(definition: RouteDefinition): RouteDefinition {
  const { endpoint } = definition;
  if (endpoint.method !== 'GET' || (definition.access ?? endpoint.access).kind !== 'public')
    throw new Error(`${endpoint.path}: only public reads may be cached`);
  return { ...definition, cached: true };
}

/**
 * Marks a cached public read whose answer the handler builds in the contract's exact shape (mappers that write
 * every key in the schema's order and nothing else): it skips zod's encoding in production. Tests check each
 * answer against the zod serializer byte for byte, so only mark routes the tests exercise.
 */
export function shaped(definition: RouteDefinition): RouteDefinition {
  if (!definition.cached)
    throw new Error(`${definition.endpoint.path}: only cached public reads may be shaped`);
  return { ...definition, shaped: true };
}

/** Binds a handler to its contract endpoint: the contract's schemas validate the request and shape the answer. */
export function route<E extends Endpoint>(
  endpoint: E,
  handler: (context: HandlerContext<E>) => Promise<ResponseOf<E>>,
): RouteDefinition {
  return { endpoint, handler: handler as unknown as RouteDefinition['handler'] };
}

export type Authenticate = (request: FastifyRequest, access: Access) => Promise<AuthContext | null>;

/** Who called, per request, from the guard (preValidation) to the handler. */
const callers = new WeakMap<FastifyRequest, AuthContext | null>();

/** What a route's call needs of `mountRoutes`' options. */
type CallOptions = { idempotency?: IdempotencyKeys; checkAnswers: boolean };

/** A route's call: its handler run as the caller, once per Idempotency-Key where the endpoint is idempotent. */
async function answerCall(
  definition: RouteDefinition,
  options: CallOptions,
  status: number,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { endpoint } = definition;
  const { checkAnswers } = options;
  const auth = callers.get(request) ?? null;
  const file = uploadedFiles.get(request);
  const actor = auth ? { accountId: auth.userId, kind: auth.kind, role: auth.role } : null;
  const run = () =>
    runAsActor(actor, () =>
      definition.handler({
        params: request.params as never,
        query: request.query as never,
        body: request.body as never,
        auth: auth as never,
        request,
        reply,
        ip: request.ip,
        file,
      }),
    );
  // A money mutation sent with an Idempotency-Key does its work once per key and account (ADR 064).
  const key = endpoint.idempotent && options.idempotency && auth ? idempotencyKeyOf(request) : undefined;
  if (key && options.idempotency && auth) {
    const fingerprint = requestFingerprint(endpoint, {
      params: request.params,
      query: request.query,
      body: request.body,
      file: file?.bytes,
    });
    const scope = { kind: auth.kind, accountId: auth.userId };
    return answerOnce(options.idempotency, scope, key, fingerprint, reply, status, run);
  }
  const result = checkAnswers ? await run().catch(undeclaredRefusal(endpoint)) : await run();
  // A handler that streamed a file answers with the reply itself.
  if (result === reply || reply.sent) return reply;
  return reply.code(status).send(result);
}

/** Registers routes on a surface plugin (already prefixed with its base). */
export function mountRoutes(
  app: FastifyInstance,
  routes: RouteDefinition[],
  authenticate: Authenticate,
  cache?: ResponseCache,
  options: {
    checkAnswers?: boolean;
    /** Counts every multipart call against the caller's upload budget (by account when signed in, and address). */
    limitUpload?: (request: FastifyRequest, auth: AuthContext | null) => Promise<void>;
    /** Where idempotent endpoints keep their keys and answers (ADR 064); without it the header is ignored. */
    idempotency?: IdempotencyKeys;
  } = {},
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // A stale answer is recomputed in the background as a request of its own, through every hook a client's goes through.
  const cacheHooks = cache
    ? cachedRouteHooks(cache, (url, headers) => app.inject({ method: 'GET', url, headers }))
    : undefined;
  const checkAnswers = options.checkAnswers ?? true;
  for (const definition of routes) {
    const { endpoint } = definition;
    const access = definition.access ?? endpoint.access;
    const status = endpoint.status ?? 200;
    const takesBoth = Boolean(endpoint.upload && endpoint.body);
    const readMultipart = takesBoth && endpoint.upload ? multipartBody(endpoint.upload.field) : undefined;
    const knownQuery = endpoint.query ? queryParameterNames(endpoint.query) : undefined;
    if (endpoint.idempotent && access.kind !== 'signed-in')
      throw new Error(`${endpoint.path}: idempotency keys are kept per account, so only signed-in endpoints`);
    if (endpoint.idempotent && endpoint.upload && !takesBoth)
      throw new Error(
        `${endpoint.path}: a file its handler reads itself cannot be part of the request's fingerprint`,
      );
    typed.route({
      method: endpoint.method,
      url: endpoint.path,
      ...(definition.cached && cacheHooks
        ? // A cached route keeps and sends its own compressed copies (response-cache.ts): not compressed again.
          {
            onRequest: cacheHooks.onRequest,
            onSend: cacheHooks.onSend,
            compress: false as const,
            config: { cachedRead: true },
          }
        : {}),
      // The compiler is typed per schema by the type provider; ours wraps the provider's own for any schema.
      ...(definition.shaped
        ? { serializerCompiler: shapedAnswerSerializer(status, checkAnswers) as never }
        : {}),
      schema: {
        summary: endpoint.summary,
        tags: endpoint.tags,
        ...accessDocs(access),
        ...(access.kind === 'signed-in' ? { security: [{ bearerAuth: [] }] } : {}),
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        ...(endpoint.body ? { body: endpoint.body } : {}),
        ...(endpoint.upload
          ? { consumes: takesBoth ? ['application/json', 'multipart/form-data'] : ['multipart/form-data'] }
          : {}),
        response: { [status]: endpoint.response, '4xx': errorEnvelope, '5xx': errorEnvelope },
      },
      // The guard runs before the request is validated: a caller who may not use an endpoint learns nothing of its
      // input rules (401/403 first, then 400/422), and every refusal is the same whatever the body.
      // For an endpoint taking JSON or multipart, who calls is settled before a byte of the file is read:
      // strangers do not get to upload megabytes.
      preValidation: async (request) => {
        const caller = await authenticate(request, access);
        callers.set(request, caller);
        if (knownQuery) refuseUnknownQuery(request, knownQuery);
        // Counted before a byte of the file is read, on every endpoint that takes one.
        if (options.limitUpload && endpoint.upload && request.isMultipart?.())
          await options.limitUpload(request, caller);
        if (readMultipart) await readMultipart(request);
      },
      handler: (request, reply) =>
        answerCall(definition, { idempotency: options.idempotency, checkAnswers }, status, request, reply),
    });
  }
}

/**
 * Tests only (`checkAnswers`): a handler's 429 on an endpoint whose contract does not declare it fails the test
 * instead of reaching clients, so the API document lists every rate limit a client can meet (issue 34 item 29).
 */
function undeclaredRefusal(endpoint: Endpoint) {
  return (error: unknown): never => {
    if (error instanceof AppError && error.status === 429 && !endpoint.errors?.includes(429))
      throw new Error(
        `${endpoint.method} ${endpoint.path} answered 429 (${error.message}); its contract must declare it in errors`,
      );
    throw error;
  };
}

type SerializerCompiler = typeof serializerCompiler;

/**
 * The serializer of hot public reads (the `shaped` routes): their handlers build answers through mappers that
 * already give the contract's shape (its keys, in its order, nothing else), so the success answer is written with
 * `JSON.stringify` alone, without zod encoding it again on every request. With `check` (tests), each answer is also
 * serialized through its zod schema and the two texts must be the same byte for byte, so a mapper that drifts from
 * its contract fails the tests instead of reaching clients. Error answers keep the zod serializer.
 */
function shapedAnswerSerializer(status: number, check: boolean): SerializerCompiler {
  return (route) => {
    const checked = serializerCompiler(route);
    if (String(route.httpStatus) !== String(status)) return checked;
    if (!check) return (data: unknown) => JSON.stringify(data);
    return (data: unknown) => {
      const expected = checked(data);
      const fast = JSON.stringify(data);
      if (fast !== expected)
        throw new Error(
          `${route.method} ${route.url}: the answer's JSON differs from its contract's serialisation\n${fast}\n${expected}`,
        );
      return fast;
    };
  };
}

/** OpenAPI shows who may call an operation and the permission it needs (also as `x-permission`). */
function accessDocs(access: Access): { description?: string; 'x-permission'?: string } {
  if (access.kind === 'public') return {};
  const permissions = requiredPermissions(access);
  const accounts = access.accounts.join(', ');
  if (permissions.length === 0) return { description: `Any signed-in account of these kinds: ${accounts}.` };
  const names = permissions.join(' or ');
  return { description: `Accounts: ${accounts}. Needs the ${names} permission.`, 'x-permission': names };
}

/** The store the caller works in; the guard resolves it for merchant endpoints that name a store permission. */
export function requireStoreId(auth: AuthContext): string {
  if (!auth.storeId) throw forbidden('This account is not an active member of any store');
  return auth.storeId;
}

/** A store member acting in their store: who acts (recorded as author) and which store they act on. */
export interface StoreActor {
  userId: string;
  storeId: string;
}

export function storeActor(auth: AuthContext): StoreActor {
  return { userId: auth.userId, storeId: requireStoreId(auth) };
}

export function requireAuth(auth: AuthContext | null): AuthContext {
  if (!auth) throw new AppError('UNAUTHORIZED', 'Please sign in to continue');
  return auth;
}
