import type { OnboardingState } from '@market/contracts';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import type { ServerModule } from '../../platform/http/module.js';
import { findMerchantProfile } from './onboarding.repository.js';
import { createOnboardingService, type OnboardingService, toOnboardingState } from './onboarding.service.js';
import { createStoreApprovalService, type StoreApprovalService } from './store-approval.service.js';
import { findActiveMembership } from './store-members.repository.js';
import { createStoreVisibility } from './store-visibility.js';
import { findStoreById, findStoreByMerchant, type StoreRow } from './stores.repository.js';
import { storesRoutes } from './stores.routes.js';
import { createStoresService, type StoresService } from './stores.service.js';

export type { OnboardingService, SavedOnboarding } from './onboarding.service.js';
export { categoriesOf } from './onboarding.service.js';
export {
  listPaymentCategories,
  type PaymentCategoryRow,
  storeCommissionBasisPoints,
  updatePaymentCategoryCommission,
} from './payment-categories.js';
export { endStoreMemberships, ownsAStore, storeMembershipsForExport } from './personal-data.js';
export type { SecondApproval } from './store-approval.decisions.js';
export type { StoreApprovalService } from './store-approval.service.js';
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
export { STORE_NOT_FOUND, toStoreCard, toStoreProfile } from './stores.context.js';
export { findVisibleStoreByUrl } from './stores.directory.js';
export type { SavedProfile } from './stores.profile.js';
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
 * Stores, their approval by two approvers, and the merchant's onboarding that makes a store visible. A store's
 * products follow its visibility and name, and its hub is the hubs module's to allow: those sequences are flows
 * (flows/store-approval.ts, store-profile.ts, store-onboarding.ts), which take the steps here (ADR 115, amended).
 */
export function createStoresModule(deps: Deps): ServerModule<StoresService> & {
  approval: StoreApprovalService;
  onboarding: OnboardingService;
} {
  const visibility = createStoreVisibility(deps.now);
  const onboarding = createOnboardingService(deps, visibility);
  const service = createStoresService(deps, visibility);
  const approval = createStoreApprovalService(deps, service);
  return { service, approval, onboarding, routes: storesRoutes(deps, onboarding, service, approval) };
}
