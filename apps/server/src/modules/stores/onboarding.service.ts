import {
  ONBOARDING_START_PERCENT,
  type OnboardingState,
  type OnboardingStepKey,
  type onboardingBody,
  onboardingSteps,
} from '@market/contracts';
import type { z } from 'zod';
import { bound } from '../../platform/bound.js';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { validation } from '../../platform/errors.js';
import {
  findMerchantProfile,
  isOwnStoredFile,
  type MerchantProfileRow,
  setOnboardedAt,
  upsertMerchantProfile,
} from './onboarding.repository.js';
import type { StoreVisibility } from './store-visibility.js';
import type { HomeAddress, merchantProfiles } from './stores.schema.js';

/** Which onboarding steps a profile has finished; a step counts only when every one of its answers is there. */
export function completedSteps(row: MerchantProfileRow | undefined): OnboardingStepKey[] {
  if (!row) return [];
  const done: OnboardingStepKey[] = [];
  if (
    row.dateOfBirth &&
    row.nationality &&
    row.idDocumentType &&
    row.idDocumentNumber &&
    row.idDocumentFileId
  ) {
    done.push('identity');
  }
  if (row.homeAddress.length > 0 && row.proofOfAddressFileId) done.push('address');
  if (row.staffSize && row.category && row.physicalLocation && row.pickupLocation) done.push('business');
  if (row.pricingPlan) done.push('pricing');
  return done;
}

export function percentageComplete(steps: OnboardingStepKey[]): number {
  return (
    ONBOARDING_START_PERCENT +
    onboardingSteps
      .filter((step) => steps.includes(step.key))
      .reduce((total, step) => total + step.percent, 0)
  );
}

export function toOnboardingState(row: MerchantProfileRow | undefined): OnboardingState {
  const steps = completedSteps(row);
  const percent = percentageComplete(steps);
  return {
    dateOfBirth: row?.dateOfBirth ?? null,
    nationality: row?.nationality ?? null,
    idDocumentType: (row?.idDocumentType as OnboardingState['idDocumentType']) ?? null,
    idDocumentNumber: row?.idDocumentNumber ?? null,
    idDocumentFileId: row?.idDocumentFileId ?? null,
    homeAddress: row?.homeAddress ?? [],
    useHomeAddress: row?.useHomeAddress ?? false,
    proofOfAddressFileId: row?.proofOfAddressFileId ?? null,
    staffSize: (row?.staffSize as OnboardingState['staffSize']) ?? null,
    category: row?.category ?? null,
    physicalLocation: row?.physicalLocation ?? null,
    pickupLocation: row?.pickupLocation ?? null,
    subCategoryIds: row?.subCategoryIds ?? [],
    pricingPlan: (row?.pricingPlan as OnboardingState['pricingPlan']) ?? null,
    completedSteps: steps,
    percentageComplete: percent,
    isComplete: percent === 100,
  };
}

export type OnboardingInput = z.output<typeof onboardingBody>;

/** What the onboarding service's functions work with (ADR 091, 102). */
interface OnboardingContext {
  db: Db;
  visibility: StoreVisibility;
}

/** An onboarding saved: its state, and the store's visibility when its completion changed it (for the catalog). */
export interface SavedOnboarding {
  state: OnboardingState;
  /** The merchant's store and whether customers see it, when the onboarding's completion changed. */
  store: { storeId: string; visible: boolean } | undefined;
}

async function assertOwnFile(
  executor: Db,
  merchantId: string,
  fileId: string,
  purpose: string,
  field: string,
) {
  const owned = await isOwnStoredFile(executor, merchantId, fileId, purpose);
  if (!owned) throw validation(field, 'Upload the document first, then save this step');
}

/** The answers written, in the flow's transaction; the store's visibility follows the onboarding's completion. */
async function save(
  ctx: OnboardingContext,
  tx: Db,
  merchantId: string,
  changes: Partial<typeof merchantProfiles.$inferInsert>,
): Promise<SavedOnboarding> {
  const before = await findMerchantProfile(tx, merchantId);
  const row = await upsertMerchantProfile(tx, merchantId, changes);
  const wasComplete = percentageComplete(completedSteps(before)) === 100;
  const isComplete = percentageComplete(completedSteps(row)) === 100;
  let store: SavedOnboarding['store'];
  if (wasComplete !== isComplete) {
    await setOnboardedAt(tx, merchantId, isComplete ? new Date() : null);
    store = await ctx.visibility.refreshForMerchant(tx, merchantId);
  }
  return { state: toOnboardingState(row), store };
}

async function get(ctx: OnboardingContext, merchantId: string): Promise<OnboardingState> {
  return toOnboardingState(await findMerchantProfile(ctx.db, merchantId));
}

/** The categories an answer names (the flow checks them against the catalog's between the two steps). */
export function categoriesOf(body: OnboardingInput): { category?: string; subCategoryIds: string[] } {
  return {
    category: body.category || undefined,
    subCategoryIds: body.subCategoryIds?.length ? [...new Set(body.subCategoryIds)] : [],
  };
}

/** Step 1 of an onboarding answer (flows/store-onboarding.ts): the documents it names are the merchant's own. */
async function checkFiles(ctx: OnboardingContext, merchantId: string, body: OnboardingInput): Promise<void> {
  if (body.idDocumentFileId) {
    await assertOwnFile(ctx.db, merchantId, body.idDocumentFileId, 'id-document', 'idDocumentFileId');
  }
  if (body.proofOfAddressFileId) {
    await assertOwnFile(
      ctx.db,
      merchantId,
      body.proofOfAddressFileId,
      'proof-of-address',
      'proofOfAddressFileId',
    );
  }
}

/** Step 3, after the flow checked the categories: the answer as it is saved, in the flow's transaction. */
async function update(
  ctx: OnboardingContext,
  tx: Db,
  merchantId: string,
  body: OnboardingInput,
): Promise<SavedOnboarding> {
  const input: Omit<OnboardingInput, 'pickupLocation'> & { pickupLocation?: HomeAddress } = { ...body };
  if (input.subCategoryIds?.length) input.subCategoryIds = categoriesOf(body).subCategoryIds;
  // With useHomeAddress the pickup point is the first home address.
  const homeAddress = input.homeAddress ?? (await findMerchantProfile(tx, merchantId))?.homeAddress;
  if (input.useHomeAddress && !input.pickupLocation && homeAddress?.[0])
    input.pickupLocation = homeAddress[0];
  return save(ctx, tx, merchantId, input);
}

function setPricingPlan(
  ctx: OnboardingContext,
  tx: Db,
  merchantId: string,
  plan: string,
): Promise<SavedOnboarding> {
  return save(ctx, tx, merchantId, { pricingPlan: plan });
}

async function isComplete(executor: Db, merchantId: string): Promise<boolean> {
  return toOnboardingState(await findMerchantProfile(executor, merchantId)).isComplete;
}

async function fileIdsOf(executor: Db, merchantId: string): Promise<string[]> {
  const row = await findMerchantProfile(executor, merchantId);
  return [row?.idDocumentFileId, row?.proofOfAddressFileId].filter((id): id is string => Boolean(id));
}

/** A merchant's onboarding answers: named functions of an `OnboardingContext` (ADR 091, 102), bound here. */
export function createOnboardingService(deps: Deps, visibility: StoreVisibility) {
  const ctx: OnboardingContext = { db: deps.db, visibility };
  return {
    get: bound(ctx, get),
    checkFiles: bound(ctx, checkFiles),
    update: bound(ctx, update),
    setPricingPlan: bound(ctx, setPricingPlan),
    isComplete,
    fileIdsOf,
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
