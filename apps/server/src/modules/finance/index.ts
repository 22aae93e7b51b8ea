import type { RemittanceFigures } from '@market/contracts';
import type { Deps } from '../../platform/deps.js';
import type { ServerModule } from '../../platform/http/module.js';
import { financeRoutes } from './finance.routes.js';
import { createFinanceService, type FinanceService } from './finance.service.js';

export type { FinanceService } from './finance.service.js';

/** Finance reports (admin), a store's payment report, and payment transactions; a read model, no tables. */
export function createFinanceModule(
  deps: Deps,
  // The carriers' cash of pay on delivery (ADR 074), for the report's remittance fields.
  remittances: () => Promise<RemittanceFigures> = async () => ({
    collectedKobo: 0,
    remittedKobo: 0,
    outstandingKobo: 0,
    byCarrier: [],
  }),
): ServerModule<FinanceService> {
  const service = createFinanceService(deps, remittances);
  return { service, routes: financeRoutes(service) };
}
