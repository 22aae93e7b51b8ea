import type { PublicStore, StoreCard, StoreProfile, storeProfileBody } from '@market/contracts';
import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import { containsPattern, pageInfo } from '../../platform/db/paging.js';
import type { Deps } from '../../platform/deps.js';
import { notFound, validation } from '../../platform/errors.js';
import type { StoreActor } from '../../platform/http/routes.js';
import { normalizeNigerianPhone } from '../../platform/phone.js';
import type { StoreCatalogPort } from './store-catalog-port.js';
import type { StoreVisibility } from './store-visibility.js';
import { findStoreById, findStoreByMerchant, type StoreRow, storeNameTaken } from './stores.repository.js';
import { type StoreSocials, storeFollows, stores } from './stores.schema.js';

export const STORE_NOT_FOUND = 'Store not found';

export function toStoreProfile(store: StoreRow): StoreProfile {
  return {
    socials: Object.fromEntries(
      Object.entries(store.socials).filter(([, value]) => Boolean(value)),
    ) as Record<string, string>,
    store: {
      id: store.id,
      storeName: store.storeName,
      storeUrl: store.storeUrl,
      logo: store.logo,
      storePhoneNumber: store.storePhoneNumber,
      isPhysicalLocation: store.isPhysicalLocation,
      isRegisteredBusiness: store.isRegisteredBusiness,
      tin: store.tin,
      isVatRegistered: store.isVatRegistered,
      shippingLocation: store.shippingLocation ?? null,
      officeAddress: store.officeAddress,
      hubId: store.hubId,
      firstApproval: store.firstApproval,
      secondApproval: store.secondApproval,
      approvalStatus: store.approvalStatus,
      rejectionReason: store.rejectionReason,
      isVisible: store.isVisible,
      followersCount: store.followersCount,
    },
  };
}

const backToReview = {
  approvalStatus: 'pending' as const,
  firstApproval: false,
  firstApprovedBy: null,
  secondApproval: false,
  secondApprovedBy: null,
  approvedAt: null,
};

/** Whether a store may name a platform hub; the hubs module answers it (handed in by the composition). */
export type StoreHubCheck = (executor: Db, storeId: string, hubId: string) => Promise<boolean>;

export function createStoresService(
  deps: Deps,
  catalog: StoreCatalogPort,
  visibility: StoreVisibility,
  hubUsable: StoreHubCheck = async () => false,
) {
  const { db } = deps;

  async function toCards(executor: Db, rows: StoreRow[]): Promise<StoreCard[]> {
    const counts = await catalog.countVisibleProducts(
      executor,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({
      id: row.id,
      storeName: row.storeName,
      storeUrl: row.storeUrl,
      logo: row.logo,
      state: row.shippingLocation?.state ?? null,
      followersCount: row.followersCount,
      productsCount: counts.get(row.id) ?? 0,
      salesCount: row.salesCount,
      ratingAverage: Number(row.ratingAverage),
      ratingCount: row.ratingCount,
    }));
  }

  async function visibleStore(executor: Db, storeId: string): Promise<StoreRow> {
    const [row] = await executor
      .select()
      .from(stores)
      .where(and(eq(stores.id, storeId), eq(stores.isVisible, true)))
      .limit(1);
    if (!row) throw notFound(STORE_NOT_FOUND);
    return row;
  }

  return {
    refreshVisibility: visibility.refreshVisibility,
    toCards,

    async myStore(merchantId: string): Promise<StoreRow> {
      const store = await findStoreByMerchant(db, merchantId);
      if (!store) throw notFound(STORE_NOT_FOUND);
      return store;
    },

    async getProfile(storeId: string): Promise<StoreProfile> {
      const store = await findStoreById(db, storeId);
      if (!store) throw notFound(STORE_NOT_FOUND);
      return toStoreProfile(store);
    },

    async saveProfile(member: StoreActor, body: z.output<typeof storeProfileBody>): Promise<StoreProfile> {
      const input = body.store ?? {};
      const phone = input.storePhoneNumber
        ? normalizeNigerianPhone(input.storePhoneNumber, 'store.storePhoneNumber')
        : undefined;
      if (input.logo && !(await deps.media.ownsImageUrls(db, member.userId, [input.logo]))) {
        throw validation('store.logo', 'Upload the logo first');
      }
      return db.transaction(async (tx) => {
        const store = await findStoreById(tx, member.storeId);
        if (!store) throw notFound(STORE_NOT_FOUND);
        // A store names only a hub an admin approved it for; unchanged or cleared needs no check.
        if (input.hubId && input.hubId !== store.hubId && !(await hubUsable(tx, store.id, input.hubId))) {
          throw validation('store.hubId', 'Choose a hub your store is approved for');
        }
        const socials: StoreSocials = { ...store.socials, ...(body.socials ?? {}) };
        const renamed = input.storeName !== undefined && input.storeName !== store.storeName;
        const [updated] = await tx
          .update(stores)
          .set({
            ...(input.storeName !== undefined ? { storeName: input.storeName } : {}),
            ...(phone !== undefined ? { storePhoneNumber: phone } : {}),
            ...(input.isPhysicalLocation !== undefined
              ? { isPhysicalLocation: input.isPhysicalLocation }
              : {}),
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
            profileUpdatedAt: deps.now(),
            updatedAt: deps.now(),
          })
          .where(eq(stores.id, store.id))
          .returning()
          .catch((error: unknown) => {
            throw storeNameTaken(error);
          });
        if (renamed && store.approvalStatus === 'approved') {
          await visibility.refreshVisibility(tx, store.id);
          updated!.isVisible = false; // a store under review is never visible
        }
        if (input.storeName && input.storeName !== store.storeName) {
          await catalog.renameStoreInProducts(tx, store.id, input.storeName);
        }
        return toStoreProfile(updated!);
      });
    },

    async uploadLogo(member: StoreActor, bytes: Buffer) {
      return db.transaction(async (tx) => {
        const store = await findStoreById(tx, member.storeId);
        if (!store) throw notFound(STORE_NOT_FOUND);
        const image = await deps.media.saveImage(tx, member.userId, bytes, 'store-logo');
        await tx
          .update(stores)
          .set({ logo: image.url, updatedAt: deps.now() })
          .where(eq(stores.id, store.id));
        return image;
      });
    },

    // ----- following -----

    async follow(customerId: string, storeId: string) {
      return db.transaction(async (tx) => {
        await visibleStore(tx, storeId);
        const inserted = await tx
          .insert(storeFollows)
          .values({ customerId, storeId })
          .onConflictDoNothing()
          .returning({ storeId: storeFollows.storeId });
        const [store] = await tx
          .update(stores)
          .set({ followersCount: sql`${stores.followersCount} + ${inserted.length}` })
          .where(eq(stores.id, storeId))
          .returning({ followersCount: stores.followersCount });
        return { storeId, following: true, followersCount: store!.followersCount };
      });
    },

    async unfollow(customerId: string, storeId: string) {
      return db.transaction(async (tx) => {
        const removed = await tx
          .delete(storeFollows)
          .where(and(eq(storeFollows.customerId, customerId), eq(storeFollows.storeId, storeId)))
          .returning({ storeId: storeFollows.storeId });
        const [store] = await tx
          .update(stores)
          .set({ followersCount: sql`greatest(${stores.followersCount} - ${removed.length}, 0)` })
          .where(eq(stores.id, storeId))
          .returning({ followersCount: stores.followersCount, isVisible: stores.isVisible });
        if (!store || (!store.isVisible && removed.length === 0)) throw notFound(STORE_NOT_FOUND);
        return { storeId, following: false, followersCount: store.followersCount };
      });
    },

    async followState(customerId: string, storeId: string) {
      const store = await visibleStore(db, storeId);
      const [row] = await db
        .select({ storeId: storeFollows.storeId })
        .from(storeFollows)
        .where(and(eq(storeFollows.customerId, customerId), eq(storeFollows.storeId, storeId)))
        .limit(1);
      return { storeId, following: Boolean(row), followersCount: store.followersCount };
    },

    async following(customerId: string, page: number, limit: number) {
      const where = and(eq(storeFollows.customerId, customerId), eq(stores.isVisible, true));
      const [rows, [total]] = await Promise.all([
        db
          .select({ store: stores })
          .from(storeFollows)
          .innerJoin(stores, eq(stores.id, storeFollows.storeId))
          .where(where)
          .orderBy(desc(storeFollows.createdAt))
          .limit(limit)
          .offset((page - 1) * limit),
        db
          .select({ value: count() })
          .from(storeFollows)
          .innerJoin(stores, eq(stores.id, storeFollows.storeId))
          .where(where),
      ]);
      const totalItems = total?.value ?? 0;
      return {
        stores: await toCards(
          db,
          rows.map((row) => row.store),
        ),
        pagination: pageInfo(page, limit, totalItems),
      };
    },

    // ----- public directory -----

    /** Stores customers can see that have something to buy: approved, onboarded, and a live product. */
    async directory(page: number, limit: number, search?: string) {
      const where = and(
        eq(stores.isVisible, true),
        catalog.hasLiveProducts(stores.id),
        search ? ilike(stores.storeName, containsPattern(search)) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(stores)
          .where(where)
          .orderBy(stores.storeName, stores.id)
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ value: count() }).from(stores).where(where),
      ]);
      const totalItems = total?.value ?? 0;
      return {
        merchants: await toCards(db, rows),
        pagination: pageInfo(page, limit, totalItems),
      };
    },

    /** Ranked by sales once orders exist; by followers and products until then. */
    async top(limit: number): Promise<StoreCard[]> {
      const candidates = await db
        .select()
        .from(stores)
        .where(and(eq(stores.isVisible, true), catalog.hasLiveProducts(stores.id)))
        .orderBy(desc(stores.salesCount), desc(stores.followersCount), stores.createdAt)
        .limit(Math.max(limit * 4, 50));
      const cards = await toCards(db, candidates);
      return cards
        .sort(
          (a, b) =>
            b.salesCount - a.salesCount ||
            b.followersCount - a.followersCount ||
            b.productsCount - a.productsCount,
        )
        .slice(0, limit);
    },

    async publicStore(storeUrl: string): Promise<PublicStore> {
      const [row] = await db
        .select()
        .from(stores)
        .where(and(eq(stores.storeUrl, storeUrl.toLowerCase()), eq(stores.isVisible, true)))
        .limit(1);
      if (!row) throw notFound(STORE_NOT_FOUND);
      const [card] = await toCards(db, [row]);
      return {
        ...card!,
        socials: toStoreProfile(row).socials,
        city: row.shippingLocation?.city ?? null,
        storePhoneNumber: row.storePhoneNumber,
        createdAt: row.createdAt.toISOString(),
      };
    },

    searchFilter: (search: string) =>
      or(ilike(stores.storeName, containsPattern(search)), ilike(stores.storeUrl, containsPattern(search))),
  };
}

export type StoresService = ReturnType<typeof createStoresService>;
export { slugify } from './stores.repository.js';
