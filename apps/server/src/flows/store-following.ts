import { storeFollowEndpoints } from '@market/contracts';
import { storeCards } from '../modules/catalog/index.js';
import type { StoresService } from '../modules/stores/index.js';
import type { Deps } from '../platform/deps.js';
import { type RouteDefinition, route } from '../platform/http/routes.js';

// Flow: the stores a customer follows, as cards (GET /stores/following; ADR 115, amended by h-storesneeds). The
// follows are the stores module's; a card's count of live products is the catalog's, which reads stores:
//   1. follows  stores.following: the customer's followed stores, newest first, a page of them.
//   2. cards    catalog's storeCards: each as a card with its live products counted.

/** Steps 1–2 for one customer's page. */
export async function followedStores(
  deps: Pick<Deps, 'db'>,
  stores: Pick<StoresService, 'following'>,
  customerId: string,
  page: number,
  limit: number,
) {
  const followed = await stores.following(customerId, page, limit);
  return { stores: await storeCards(deps.db, followed.stores), pagination: followed.pagination };
}

/** Wires the flow: the customer's following list. */
export function createStoreFollowing(deps: Pick<Deps, 'db'>, stores: Pick<StoresService, 'following'>) {
  const routes: RouteDefinition[] = [
    route(storeFollowEndpoints.following, async ({ auth, query }) => ({
      message: 'Stores you follow',
      data: await followedStores(deps, stores, auth.userId, query.page, query.limit),
    })),
  ];
  return { service: {}, routes };
}
