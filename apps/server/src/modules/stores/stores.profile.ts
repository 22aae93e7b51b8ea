import type { StoreProfile, storeProfileBody } from '@market/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import { notFound, validation } from '../../platform/errors.js';
import type { StoreActor } from '../../platform/http/routes.js';
import { normalizeNigerianPhone } from '../../platform/phone.js';
import { STORE_NOT_FOUND, type StoresContext, toStoreProfile } from './stores.context.js';
import { findStoreById, findStoreByMerchant, type StoreRow, storeNameTaken } from './stores.repository.js';
import { type StoreSocials, stores } from './stores.schema.js';

// A store's own profile as its merchant keeps it.

const backToReview = {
  approvalStatus: 'pending' as const,
  firstApproval: false,
  firstApprovedBy: null,
  secondApproval: false,
  secondApprovedBy: null,
  approvedAt: null,
};

export async function myStore(ctx: StoresContext, merchantId: string): Promise<StoreRow> {
  const store = await findStoreByMerchant(ctx.db, merchantId);
  if (!store) throw notFound(STORE_NOT_FOUND);
  return store;
}

export async function getProfile(ctx: StoresContext, storeId: string): Promise<StoreProfile> {
  const store = await findStoreById(ctx.db, storeId);
  if (!store) throw notFound(STORE_NOT_FOUND);
  return toStoreProfile(store);
}

/**
 * The profile's own checks, before any write: the phone number and the logo's upload. Answers the phone as stored.
 * Step 1 of saving a profile (flows/store-profile.ts).
 */
export async function checkProfile(
  ctx: StoresContext,
  member: StoreActor,
  body: z.output<typeof storeProfileBody>,
): Promise<{ phone: string | undefined }> {
  const input = body.store ?? {};
  const phone = input.storePhoneNumber
    ? normalizeNigerianPhone(input.storePhoneNumber, 'store.storePhoneNumber')
    : undefined;
  if (input.logo && !(await ctx.deps.media.ownsImageUrls(ctx.db, member.userId, [input.logo]))) {
    throw validation('store.logo', 'Upload the logo first');
  }
  return { phone };
}

/** The store whose profile is saved, in the flow's transaction; 404 when it is gone. */
export async function storeForProfile(executor: Db, storeId: string): Promise<StoreRow> {
  const store = await findStoreById(executor, storeId);
  if (!store) throw notFound(STORE_NOT_FOUND);
  return store;
}

/** What saving a profile changed that the catalog's copies follow (flows/store-profile.ts). */
export interface SavedProfile {
  profile: StoreProfile;
  /** The new name, when the store was renamed. */
  renamedTo: string | undefined;
  /** The store's visibility, when the save sent it back to review (a renamed approved store). */
  visible: boolean | undefined;
}

/** The profile written, in the flow's transaction, after its checks and the hub's. */
export async function writeProfile(
  ctx: StoresContext,
  tx: Db,
  store: StoreRow,
  body: z.output<typeof storeProfileBody>,
  phone: string | undefined,
): Promise<SavedProfile> {
  const input = body.store ?? {};
  const socials: StoreSocials = { ...store.socials, ...(body.socials ?? {}) };
  const renamed = input.storeName !== undefined && input.storeName !== store.storeName;
  const [updated] = await tx
    .update(stores)
    .set({
      ...(input.storeName !== undefined ? { storeName: input.storeName } : {}),
      ...(phone !== undefined ? { storePhoneNumber: phone } : {}),
      ...(input.isPhysicalLocation !== undefined ? { isPhysicalLocation: input.isPhysicalLocation } : {}),
      ...(input.shippingLocation !== undefined ? { shippingLocation: input.shippingLocation } : {}),
      ...(input.officeAddress !== undefined ? { officeAddress: input.officeAddress } : {}),
      ...(input.logo !== undefined ? { logo: input.logo } : {}),
      ...(input.hubId !== undefined ? { hubId: input.hubId } : {}),
      ...(input.isRegisteredBusiness !== undefined
        ? { isRegisteredBusiness: input.isRegisteredBusiness }
        : {}),
      ...(input.tin !== undefined ? { tin: input.tin } : {}),
      ...(input.isVatRegistered !== undefined ? { isVatRegistered: input.isVatRegistered } : {}),
      socials,
      // A rejected store that its merchant corrects goes back to the approval queue.
      ...(store.approvalStatus === 'rejected'
        ? { approvalStatus: 'pending' as const, rejectionReason: null }
        : {}),
      // Approvers approved a name: a new one goes back to review, with fresh approvals.
      ...(renamed && store.approvalStatus === 'approved' ? backToReview : {}),
      profileUpdatedAt: ctx.deps.now(),
      updatedAt: ctx.deps.now(),
    })
    .where(eq(stores.id, store.id))
    .returning()
    .catch((error: unknown) => {
      throw storeNameTaken(error);
    });
  let visible: boolean | undefined;
  if (renamed && store.approvalStatus === 'approved') {
    visible = await ctx.visibility.refreshVisibility(tx, store.id);
    updated!.isVisible = false; // a store under review is never visible
  }
  return {
    profile: toStoreProfile(updated!),
    renamedTo: input.storeName && input.storeName !== store.storeName ? input.storeName : undefined,
    visible,
  };
}

export async function uploadLogo(ctx: StoresContext, member: StoreActor, bytes: Buffer) {
  return ctx.db.transaction(async (tx) => {
    const store = await findStoreById(tx, member.storeId);
    if (!store) throw notFound(STORE_NOT_FOUND);
    const image = await ctx.deps.media.saveImage(tx, member.userId, bytes, 'store-logo');
    await tx
      .update(stores)
      .set({ logo: image.url, updatedAt: ctx.deps.now() })
      .where(eq(stores.id, store.id));
    return image;
  });
}
