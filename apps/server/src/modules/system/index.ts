import type { Deps } from '../../platform/deps.js';
import type { ServerModule } from '../../platform/http/module.js';
import { systemRoutes } from './system.routes.js';

/** Health and, outside production, the development outbox. */
export function createSystemModule(deps: Deps): ServerModule<undefined> {
  return { service: undefined, routes: systemRoutes(deps) };
}
