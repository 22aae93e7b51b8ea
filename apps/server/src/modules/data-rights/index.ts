import type { Deps } from '../../platform/deps.js';
import type { ServerModule } from '../../platform/http/module.js';
import { dataRightsRoutes } from './data-rights.routes.js';
import { createDataRightsService, type DataRightsService } from './data-rights.service.js';

export type { DataRightsService } from './data-rights.service.js';

/** Customers' data rights (NDPA 2023, ADR 073): download, close, marketing consent; admins on written requests. */
export function createDataRightsModule(deps: Deps): ServerModule<DataRightsService> {
  const service = createDataRightsService(deps);
  return { service, routes: dataRightsRoutes(service) };
}
