import type { Deps } from '../../platform/deps.js';
import type { ServerModule } from '../../platform/http/module.js';
import { reportsRoutes } from './reports.routes.js';
import { createReportsService, type ReportsService } from './reports.service.js';

export { csvCell } from './reports.csv.js';
export type { ReportsService } from './reports.service.js';

/** Sales reports of a store (merchant) and merchants with their figures (admin); a read model, no tables. */
export function createReportsModule(deps: Deps): ServerModule<ReportsService> {
  const service = createReportsService(deps);
  return { service, routes: reportsRoutes(service) };
}
