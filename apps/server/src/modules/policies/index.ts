import type { Deps } from '../../platform/deps.js';
import type { ServerModule } from '../../platform/http/module.js';
import { policiesRoutes } from './policies.routes.js';
import { createPoliciesService, type PoliciesService } from './policies.service.js';

export { storePolicyTypes } from './policies.repository.js';
export type { PoliciesService } from './policies.service.js';

/** A store's policies (shipping, returns, refunds, privacy, terms), written by its members, read by everyone. */
export function createPoliciesModule(deps: Deps): ServerModule<PoliciesService> {
  const service = createPoliciesService(deps);
  return { service, routes: policiesRoutes(service) };
}
