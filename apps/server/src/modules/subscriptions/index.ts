import type { Deps } from '../../platform/deps.js';
import type { ServerModule } from '../../platform/http/module.js';
import { subscriptionsRoutes } from './subscriptions.routes.js';
import {
  createSubscriptionsService,
  type SubscriptionsNeeds,
  type SubscriptionsService,
} from './subscriptions.service.js';

export type { SubscriptionsNeeds, SubscriptionsService } from './subscriptions.service.js';
export { addMonthUtc, SUBSCRIPTION_PREFIX } from './subscriptions.service.js';
export { storeProductLimit } from './subscriptions.store.js';

/** Plans (managed by admins), a store's subscription paid per month through payments, and its invoices. */
export function createSubscriptionsModule(
  deps: Deps,
  needs: SubscriptionsNeeds,
): ServerModule<SubscriptionsService> {
  const service = createSubscriptionsService(deps, needs);
  return { service, routes: subscriptionsRoutes(service) };
}
