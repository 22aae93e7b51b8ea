import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import type { ServerModule } from '../../platform/http/module.js';
import { findHub, storeApprovedForHub } from './hubs.repository.js';
import { hubsRoutes } from './hubs.routes.js';
import { createHubsService, type HubsService } from './hubs.service.js';

export type { HubsService } from './hubs.service.js';
export { storeApprovedForHub };

/** The active hub of this id, by name, for an order assigned to the platform hub; undefined when closed or gone. */
export async function activeHubName(
  executor: Db,
  hubId: string,
): Promise<{ id: string; name: string } | undefined> {
  const hub = await findHub(executor, hubId);
  return hub?.isActive ? { id: hub.id, name: hub.name } : undefined;
}

/** Platform hubs: admins create them; stores and approved shipping partners apply to run or use one. */
export function createHubsModule(deps: Deps): ServerModule<HubsService> {
  const service = createHubsService(deps);
  return { service, routes: hubsRoutes(service) };
}
