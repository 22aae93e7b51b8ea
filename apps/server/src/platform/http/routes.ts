import {
  type Access,
  type AccountKind,
  type Endpoint,
  errorEnvelope,
  requiredPermissions,
} from '@market/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError, forbidden } from '../errors.js';
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
}

type ResponseOf<E> = E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.input<R> : never;

export interface RouteDefinition {
  endpoint: Endpoint;
  handler: (context: HandlerContext<Endpoint>) => Promise<unknown>;
  /** Overrides who may call it (defaults to the endpoint's own access). */
  access?: Access;
  /** A public read kept in the response cache until the catalog changes (with ETag and 304). */
  cached?: boolean;
}

/** Marks a public GET route for the response cache; its answer must depend on nothing but its URL. */
export function cached(definition: RouteDefinition): RouteDefinition {
  const { endpoint } = definition;
  if (endpoint.method !== 'GET' || (definition.access ?? endpoint.access).kind !== 'public')
    throw new Error(`${endpoint.path}: only public reads may be cached`);
  return { ...definition, cached: true };
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

/** Registers routes on a surface plugin (already prefixed with its base). */
export function mountRoutes(
  app: FastifyInstance,
  routes: RouteDefinition[],
  authenticate: Authenticate,
  cache?: ResponseCache,
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const cacheHooks = cache ? cachedRouteHooks(cache) : undefined;
  for (const definition of routes) {
    const { endpoint } = definition;
    const access = definition.access ?? endpoint.access;
    const status = endpoint.status ?? 200;
    typed.route({
      method: endpoint.method,
      url: endpoint.path,
      ...(definition.cached && cacheHooks
        ? { onRequest: cacheHooks.onRequest, onSend: cacheHooks.onSend }
        : {}),
      schema: {
        summary: endpoint.summary,
        tags: endpoint.tags,
        ...accessDocs(access),
        ...(access.kind === 'signed-in' ? { security: [{ bearerAuth: [] }] } : {}),
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        ...(endpoint.body ? { body: endpoint.body } : {}),
        ...(endpoint.upload ? { consumes: ['multipart/form-data'] } : {}),
        response: { [status]: endpoint.response, '4xx': errorEnvelope, '5xx': errorEnvelope },
      },
      // The guard runs before the request is validated: a caller who may not use an endpoint learns nothing of its
      // input rules (401/403 first, then 400/422), and every refusal is the same whatever the body.
      preValidation: async (request) => {
        callers.set(request, await authenticate(request, access));
      },
      handler: async (request, reply) => {
        const auth = callers.get(request) ?? null;
        const result = await definition.handler({
          params: request.params as never,
          query: request.query as never,
          body: request.body as never,
          auth: auth as never,
          request,
          reply,
          ip: request.ip,
        });
        // A handler that streamed a file answers with the reply itself.
        if (result === reply || reply.sent) return reply;
        return reply.code(status).send(result);
      },
    });
  }
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
