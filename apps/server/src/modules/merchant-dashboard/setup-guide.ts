import {
  SETUP_REQUIRED_POLICIES,
  type SetupGuide,
  type SetupStepKey,
  setupStepKeys,
} from '@market/contracts';
import type { Db } from '../../platform/db/client.js';
import { findBankAccount } from '../bank-accounts/index.js';
import { storeHasProducts } from '../catalog/index.js';
import { storeHasBookedSale } from '../ledger/index.js';
import { storePolicyTypes } from '../policies/index.js';
import { findStoreById, merchantOnboarding } from '../stores/index.js';
import { storeThemePublished } from '../themes/index.js';

/**
 * The owner's setup checklist (issue 35 item 6), each step read from the module that owns its record:
 * - profile: the store profile names a logo, a phone number and where it ships from;
 * - kyc: onboarding's identity and address steps (ID document and proof of address) are complete;
 * - bankAccount: a payout account is saved;
 * - policies: the shipping and returns policies are written;
 * - firstProduct: the store has created a product (approved or not: the approvers' part is theirs);
 * - theme: the storefront theme has been published once;
 * - firstSale: the books hold a paid order of the store.
 * An unknown store reads as nothing done rather than failing: the guard has already tied the caller to it.
 */
export async function readSetupGuide(db: Db, storeId: string): Promise<SetupGuide> {
  const store = await findStoreById(db, storeId);
  const [onboarding, bankAccount, policyTypes, hasProduct, themePublished, hasSale] = await Promise.all([
    store ? merchantOnboarding(db, store.merchantId) : undefined,
    findBankAccount(db, storeId),
    storePolicyTypes(db, storeId),
    storeHasProducts(db, storeId),
    storeThemePublished(db, storeId),
    storeHasBookedSale(db, storeId),
  ]);
  const done: Record<SetupStepKey, boolean> = {
    profile: Boolean(store?.logo && store.storePhoneNumber && store.shippingLocation),
    kyc: Boolean(
      onboarding?.completedSteps.includes('identity') && onboarding.completedSteps.includes('address'),
    ),
    bankAccount: bankAccount !== undefined,
    policies: SETUP_REQUIRED_POLICIES.every((type) => policyTypes.includes(type)),
    firstProduct: hasProduct,
    theme: themePublished,
    firstSale: hasSale,
  };
  const steps = setupStepKeys.map((key) => ({ key, done: done[key] }));
  const doneCount = steps.filter((step) => step.done).length;
  return { steps, doneCount, complete: doneCount === steps.length };
}
