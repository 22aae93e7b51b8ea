import type { PublicStore, StoreCard } from '@market/contracts';
import { and, count, desc, eq, ilike } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { containsPattern, pageInfo } from '../../platform/db/paging.js';
import { notFound } from '../../platform/errors.js';
import { STORE_NOT_FOUND, type StoresContext, toCards, toStoreProfile } from './stores.context.js';
import type { StoreRow } from './stores.repository.js';
import { stores } from './stores.schema.js';

// The stores customers can find: the public directory, the top stores, one store's public page.

/** Stores customers can see that have something to buy: approved, onboarded, and a live product. */
export async function directory(ctx: StoresContext, page: number, limit: number, search?: string) {
  const where = and(
    eq(stores.isVisible, true),
    ctx.catalog.hasLiveProducts(stores.id),
    search ? ilike(stores.storeName, containsPattern(search)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(stores)
      .where(where)
      .orderBy(stores.storeName, stores.id)
      .limit(limit)
      .offset((page - 1) * limit),
    ctx.db.select({ value: count() }).from(stores).where(where),
  ]);
  const totalItems = total?.value ?? 0;
  return {
    merchants: await toCards(ctx, ctx.db, rows),
    pagination: pageInfo(page, limit, totalItems),
  };
}

/** Ranked by sales once orders exist; by followers and products until then. */
export async function top(ctx: StoresContext, limit: number): Promise<StoreCard[]> {
  const candidates = await ctx.db
    .select()
    .from(stores)
    .where(and(eq(stores.isVisible, true), ctx.catalog.hasLiveProducts(stores.id)))
    .orderBy(desc(stores.salesCount), desc(stores.followersCount), stores.createdAt)
    .limit(Math.max(limit * 4, 50));
  const cards = await toCards(ctx, ctx.db, candidates);
  return cards
    .sort(
      (a, b) =>
        b.salesCount - a.salesCount ||
        b.followersCount - a.followersCount ||
        b.productsCount - a.productsCount,
    )
    .slice(0, limit);
}

/** A store customers can see, by its URL slug; the 404 envelope when there is none or it is hidden. */
export async function findVisibleStoreByUrl(executor: Db, storeUrl: string): Promise<StoreRow> {
  const [row] = await executor
    .select()
    .from(stores)
    .where(and(eq(stores.storeUrl, storeUrl.toLowerCase()), eq(stores.isVisible, true)))
    .limit(1);
  if (!row) throw notFound(STORE_NOT_FOUND);
  return row;
}

export async function publicStore(ctx: StoresContext, storeUrl: string): Promise<PublicStore> {
  const row = await findVisibleStoreByUrl(ctx.db, storeUrl);
  const [card] = await toCards(ctx, ctx.db, [row]);
  return {
    ...card!,
    socials: toStoreProfile(row).socials,
    city: row.shippingLocation?.city ?? null,
    storePhoneNumber: row.storePhoneNumber,
    createdAt: row.createdAt.toISOString(),
  };
}
