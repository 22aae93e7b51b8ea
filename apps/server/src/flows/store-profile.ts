import { type StoreProfile, type storeProfileBody, storeProfileEndpoints } from '@market/contracts';
import type { z } from 'zod';
import { refreshStoreProductsVisibility, renameStoreInProducts } from '../modules/catalog/index.js';
import { storeApprovedForHub } from '../modules/hubs/index.js';
import type { StoresService } from '../modules/stores/index.js';
import type { Deps } from '../platform/deps.js';
import { validation } from '../platform/errors.js';
import { type RouteDefinition, route, type StoreActor, storeActor } from '../platform/http/routes.js';

// Flow: a merchant saves the store's profile (PUT /stores/profile; ADR 115, amended by h-storesneeds). The hubs and
// the catalog read stores, so the stores module cannot ask them; this flow sets them side by side:
//   1. check     stores.checkProfile: the phone number and the logo's upload (before any transaction).
//   2. store     stores.storeForProfile, in the flow's transaction: 404 when it is gone.
//   3. hub       hubs' storeApprovedForHub: a store names only a hub an admin approved it for (unchanged or cleared
//                needs no check).
//   4. write     stores.writeProfile: the profile; a rejected store back to the queue, a renamed approved one back
//                to review (and out of sight).
//   5. products  catalog's refreshStoreProductsVisibility when the store went back to review, then
//                renameStoreInProducts when it was renamed (product search covers the store's name).

type Profile = Pick<StoresService, 'checkProfile' | 'storeForProfile' | 'writeProfile'>;

/** Steps 1–5; answers the profile as saved. */
export async function saveStoreProfile(
  deps: Pick<Deps, 'db'>,
  stores: Profile,
  member: StoreActor,
  body: z.output<typeof storeProfileBody>,
): Promise<StoreProfile> {
  const { phone } = await stores.checkProfile(member, body);
  const hubId = body.store?.hubId;
  return deps.db.transaction(async (tx) => {
    const store = await stores.storeForProfile(tx, member.storeId);
    if (hubId && hubId !== store.hubId && !(await storeApprovedForHub(tx, store.id, hubId))) {
      throw validation('store.hubId', 'Choose a hub your store is approved for');
    }
    const saved = await stores.writeProfile(tx, store, body, phone);
    if (saved.visible !== undefined) await refreshStoreProductsVisibility(tx, store.id, saved.visible);
    if (saved.renamedTo) await renameStoreInProducts(tx, store.id, saved.renamedTo);
    return saved.profile;
  });
}

/** Wires the flow: the merchant's save-profile route. */
export function createStoreProfile(deps: Pick<Deps, 'db'>, stores: Profile) {
  const routes: RouteDefinition[] = [
    route(storeProfileEndpoints.save, async ({ auth, body }) => ({
      message: 'Successfully added store profile',
      data: await saveStoreProfile(deps, stores, storeActor(auth), body),
    })),
  ];
  return {
    service: {
      saveProfile: (member: StoreActor, body: z.output<typeof storeProfileBody>) =>
        saveStoreProfile(deps, stores, member, body),
    },
    routes,
  };
}
