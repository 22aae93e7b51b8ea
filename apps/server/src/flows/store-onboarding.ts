import { type OnboardingState, type onboardingBody, onboardingEndpoints } from '@market/contracts';
import type { z } from 'zod';
import { existingCategoryIds, refreshStoreProductsVisibility } from '../modules/catalog/index.js';
import { categoriesOf, type OnboardingService, type SavedOnboarding } from '../modules/stores/index.js';
import type { Db } from '../platform/db/client.js';
import type { Deps } from '../platform/deps.js';
import { validation } from '../platform/errors.js';
import { type RouteDefinition, route } from '../platform/http/routes.js';

// Flow: a merchant's onboarding answers (ADR 115, amended by h-storesneeds). The catalog reads stores, so the stores
// module cannot read the categories nor move the products; this flow sets them side by side:
//   1. files       onboarding.checkFiles: the documents named are the merchant's own uploads.
//   2. categories  catalog's existingCategoryIds: the main category and the sub-categories are the marketplace's.
//   3. save        onboarding.update (or setPricingPlan), in the flow's transaction: the answers, and when the
//                  onboarding's completion changed, the store's visibility.
//   4. products    catalog's refreshStoreProductsVisibility: the store's products follow it.

type Onboarding = Pick<OnboardingService, 'checkFiles' | 'update' | 'setPricingPlan'>;

/** Step 4, in the transaction of step 3; answers the onboarding's state. */
async function productsFollow(tx: Db, saved: SavedOnboarding): Promise<OnboardingState> {
  if (saved.store) await refreshStoreProductsVisibility(tx, saved.store.storeId, saved.store.visible);
  return saved.state;
}

/** Step 2: the categories an answer names are live categories of the marketplace, at their level. */
async function checkCategories(db: Db, body: z.output<typeof onboardingBody>): Promise<void> {
  const { category, subCategoryIds } = categoriesOf(body);
  if (category && !(await existingCategoryIds(db, [category], 1)).has(category)) {
    throw validation('category', 'Choose one of the marketplace categories');
  }
  if (
    subCategoryIds.length &&
    (await existingCategoryIds(db, subCategoryIds, 2)).size !== subCategoryIds.length
  )
    throw validation('subCategoryIds', 'Choose sub-categories of the marketplace');
}

/** Steps 1–4 of one answer. */
export async function saveOnboarding(
  deps: Pick<Deps, 'db'>,
  onboarding: Onboarding,
  merchantId: string,
  body: z.output<typeof onboardingBody>,
): Promise<OnboardingState> {
  await onboarding.checkFiles(merchantId, body);
  await checkCategories(deps.db, body);
  return deps.db.transaction(async (tx) => productsFollow(tx, await onboarding.update(tx, merchantId, body)));
}

/** The pricing plan chosen (steps 3–4: the plan may complete the onboarding). */
export function savePricingPlan(
  deps: Pick<Deps, 'db'>,
  onboarding: Onboarding,
  merchantId: string,
  plan: string,
): Promise<OnboardingState> {
  return deps.db.transaction(async (tx) =>
    productsFollow(tx, await onboarding.setPricingPlan(tx, merchantId, plan)),
  );
}

/** Wires the flow: the merchant's onboarding and pricing-plan routes. */
export function createStoreOnboarding(deps: Pick<Deps, 'db'>, onboarding: Onboarding) {
  const routes: RouteDefinition[] = [
    route(onboardingEndpoints.update, async ({ auth, body }) => ({
      message: 'Onboarding saved',
      data: await saveOnboarding(deps, onboarding, auth.userId, body),
    })),
    route(onboardingEndpoints.pricing, async ({ auth, body }) => ({
      message: 'Pricing plan saved',
      data: await savePricingPlan(deps, onboarding, auth.userId, body.plan),
    })),
  ];
  return { service: {}, routes };
}
