import type { Deps } from '../../platform/deps.js';
import type { ServerModule } from '../../platform/http/module.js';
import { financeRoutes } from './finance.routes.js';
import { createFinanceService, type FinanceService } from './finance.service.js';

export type { FinanceService } from './finance.service.js';

/** Finance reports (admin), a store's payment report, and payment transactions; a read model, no tables. */
export function createFinanceModule(deps: Deps): ServerModule<FinanceService> {
  const service = createFinanceService(deps);
  return { service, routes: financeRoutes(service) };
}
