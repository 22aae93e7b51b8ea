import type { Deps } from '../../platform/deps.js';
import type { ServerModule } from '../../platform/http/module.js';
import { reconciliationRoutes } from './reconciliation.routes.js';
import {
  createReconciliationService,
  type ReconciliationNeeds,
  type ReconciliationService,
} from './reconciliation.service.js';

export type { ReconciliationService } from './reconciliation.service.js';

/**
 * Reconciliation with the payment provider (ADR 065): runs that compare the provider's statements with the books,
 * and the differences an admin reads and explains. It reads the books and moves no money.
 */
export function createReconciliationModule(
  deps: Deps,
  needs: ReconciliationNeeds,
): ServerModule<ReconciliationService> {
  const service = createReconciliationService(deps, needs);
  return { service, routes: reconciliationRoutes(service) };
}
