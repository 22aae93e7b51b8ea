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
import type { StoreCatalogPort } from './store-catalog-port.js';
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
  catalog: StoreCatalogPort;
  /** The store's visibility follows the onboarding's completion (store-visibility.ts). */
  onCompletionChanged: (db: Db, merchantId: string) => Promise<void>;
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

async function save(
  ctx: OnboardingContext,
  merchantId: string,
  changes: Partial<typeof merchantProfiles.$inferInsert>,
) {
  return ctx.db.transaction(async (tx) => {
    const before = await findMerchantProfile(tx, merchantId);
    const row = await upsertMerchantProfile(tx, merchantId, changes);
    const wasComplete = percentageComplete(completedSteps(before)) === 100;
    const isComplete = percentageComplete(completedSteps(row)) === 100;
    if (wasComplete !== isComplete) {
      await setOnboardedAt(tx, merchantId, isComplete ? new Date() : null);
      await ctx.onCompletionChanged(tx, merchantId);
    }
    return toOnboardingState(row);
  });
}

async function get(ctx: OnboardingContext, merchantId: string): Promise<OnboardingState> {
  return toOnboardingState(await findMerchantProfile(ctx.db, merchantId));
}

async function update(
  ctx: OnboardingContext,
  merchantId: string,
  body: OnboardingInput,
): Promise<OnboardingState> {
  const input: Omit<OnboardingInput, 'pickupLocation'> & { pickupLocation?: HomeAddress } = { ...body };
  if (input.idDocumentFileId) {
    await assertOwnFile(ctx.db, merchantId, input.idDocumentFileId, 'id-document', 'idDocumentFileId');
  }
  if (input.proofOfAddressFileId) {
    await assertOwnFile(
      ctx.db,
      merchantId,
      input.proofOfAddressFileId,
      'proof-of-address',
      'proofOfAddressFileId',
    );
  }
  if (
    input.category &&
    !(await ctx.catalog.existingCategoryIds(ctx.db, [input.category], 1)).has(input.category)
  ) {
    throw validation('category', 'Choose one of the marketplace categories');
  }
  if (input.subCategoryIds?.length) {
    const unique = [...new Set(input.subCategoryIds)];
    const found = await ctx.catalog.existingCategoryIds(ctx.db, unique, 2);
    if (found.size !== unique.length)
      throw validation('subCategoryIds', 'Choose sub-categories of the marketplace');
    input.subCategoryIds = unique;
  }
  // With useHomeAddress the pickup point is the first home address.
  const homeAddress = input.homeAddress ?? (await findMerchantProfile(ctx.db, merchantId))?.homeAddress;
  if (input.useHomeAddress && !input.pickupLocation && homeAddress?.[0])
    input.pickupLocation = homeAddress[0];
  return save(ctx, merchantId, input);
}

function setPricingPlan(ctx: OnboardingContext, merchantId: string, plan: string): Promise<OnboardingState> {
  return save(ctx, merchantId, { pricingPlan: plan });
}

async function isComplete(executor: Db, merchantId: string): Promise<boolean> {
  return toOnboardingState(await findMerchantProfile(executor, merchantId)).isComplete;
}

async function fileIdsOf(executor: Db, merchantId: string): Promise<string[]> {
  const row = await findMerchantProfile(executor, merchantId);
  return [row?.idDocumentFileId, row?.proofOfAddressFileId].filter((id): id is string => Boolean(id));
}

/** A merchant's onboarding answers: named functions of an `OnboardingContext` (ADR 091, 102), bound here. */
export function createOnboardingService(
  deps: Deps,
  catalog: StoreCatalogPort,
  onCompletionChanged: (db: Db, merchantId: string) => Promise<void>,
) {
  const ctx: OnboardingContext = { db: deps.db, catalog, onCompletionChanged };
  return {
    get: bound(ctx, get),
    update: bound(ctx, update),
    setPricingPlan: bound(ctx, setPricingPlan),
    isComplete,
    fileIdsOf,
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
