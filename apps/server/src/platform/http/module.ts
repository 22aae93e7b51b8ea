import type { FastifyInstance } from 'fastify';
import type { RouteDefinition } from './routes.js';

/**
 * What every module's `create<Domain>Module()` returns: its service (what other modules and the composition may
 * call) and its contract routes, which the composition mounts on the surface each endpoint names. `http` is for
 * the few routes outside the contract (a webhook that needs the raw body, HTML pages), registered as one
 * encapsulated plugin so its parsers reach no other route.
 */
export interface ServerModule<Service = unknown> {
  service: Service;
  routes: RouteDefinition[];
  http?: (scope: FastifyInstance) => Promise<void>;
}
