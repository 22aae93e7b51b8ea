import type { OnboardingState } from '@market/contracts';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import type { ServerModule } from '../../platform/http/module.js';
import { findMerchantProfile } from './onboarding.repository.js';
import { createOnboardingService, toOnboardingState } from './onboarding.service.js';
import { createStoreApprovalService } from './store-approval.service.js';
import type { StoreCatalogPort } from './store-catalog-port.js';
import { findActiveMembership } from './store-members.repository.js';
import { createStoreVisibility } from './store-visibility.js';
import { findStoreById, findStoreByMerchant, type StoreRow } from './stores.repository.js';
import { storesRoutes } from './stores.routes.js';
import { createStoresService, type StoreHubCheck, type StoresService } from './stores.service.js';

export {
  listPaymentCategories,
  type PaymentCategoryRow,
  storeCommissionBasisPoints,
  updatePaymentCategoryCommission,
} from './payment-categories.js';
export { endStoreMemberships, ownsAStore, storeMembershipsForExport } from './personal-data.js';
export type { StoreCatalogPort } from './store-catalog-port.js';
export { storeOwnerContact, storePickupPlace, storeTaxOf } from './store-contacts.js';
export {
  activeMemberIdsWithPermission,
  activeMembersOfStores,
  addStoreMember,
  deleteStoreMember,
  deleteStoreRole,
  findActiveMembership,
  findStoreMember,
  findStoreRole,
  insertStoreRole,
  listStoreMembers,
  listStoreRoles,
  type StoreMemberRow,
  type StoreRoleRow,
  updateStoreMember,
  updateStoreRole,
} from './store-members.repository.js';
export { findVisibleStoreByUrl } from './stores.directory.js';
export {
  createStoreForMerchant,
  findStoreById,
  findStoreByMerchant,
  findStoreShippingPlaces,
  findStoresShippingPlaces,
  type StoreRow,
  setStoreRating,
  storeNamesOf,
  storeSalesAddedPart,
  storesAwaitingApproval,
} from './stores.repository.js';
export type { HomeAddress, ShippingLocation } from './stores.schema.js';
export { storeCommissionRates } from './stores.schema.js';
export type { StoresService } from './stores.service.js';

/** A merchant's onboarding answers and progress, for the account screens of the auth module. */
/** The store a merchant works in: their own, or a staff member's active membership's (what their session names). */
export async function storeOfMerchant(executor: Db, merchantId: string): Promise<StoreRow | undefined> {
  const own = await findStoreByMerchant(executor, merchantId);
  if (own) return own;
  const membership = await findActiveMembership(executor, merchantId);
  return membership ? findStoreById(executor, membership.storeId) : undefined;
}

export async function merchantOnboarding(executor: Db, merchantId: string): Promise<OnboardingState> {
  return toOnboardingState(await findMerchantProfile(executor, merchantId));
}

/**
 * What the stores module needs of modules that depend on it, so it cannot import them: the catalog's product counts
 * and visibility, and the hubs module's answer whether the store may name a hub (the catalog and hubs read stores).
 */
export interface StoresNeeds {
  catalog: StoreCatalogPort;
  /** Whether the store may name this platform hub in its profile (an approved application for an open hub). */
  hubUsable: StoreHubCheck;
}

/** Stores, their approval by two approvers, and the merchant's onboarding that makes a store visible. */
export function createStoresModule(deps: Deps, needs: StoresNeeds): ServerModule<StoresService> {
  const visibility = createStoreVisibility(deps.now, needs.catalog);
  const onboarding = createOnboardingService(deps, needs.catalog, visibility.refreshForMerchant);
  const service = createStoresService(deps, needs.catalog, visibility, needs.hubUsable);
  const approval = createStoreApprovalService(deps, service, needs.catalog);
  return { service, routes: storesRoutes(deps, onboarding, service, approval) };
}
