import { and, count, desc, eq, sql } from 'drizzle-orm';
import { pageInfo } from '../../platform/db/paging.js';
import { notFound } from '../../platform/errors.js';
import { STORE_NOT_FOUND, type StoresContext, visibleStore } from './stores.context.js';
import { storeFollows, stores } from './stores.schema.js';

// Customers following stores, and the followers' counts kept on the store.

export async function follow(ctx: StoresContext, customerId: string, storeId: string) {
  return ctx.db.transaction(async (tx) => {
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
}

export async function unfollow(ctx: StoresContext, customerId: string, storeId: string) {
  return ctx.db.transaction(async (tx) => {
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
}

export async function followState(ctx: StoresContext, customerId: string, storeId: string) {
  const store = await visibleStore(ctx.db, storeId);
  const [row] = await ctx.db
    .select({ storeId: storeFollows.storeId })
    .from(storeFollows)
    .where(and(eq(storeFollows.customerId, customerId), eq(storeFollows.storeId, storeId)))
    .limit(1);
  return { storeId, following: Boolean(row), followersCount: store.followersCount };
}

/** The stores a customer follows, newest first, as rows (the flow makes them cards with the catalog's counts). */
export async function following(ctx: StoresContext, customerId: string, page: number, limit: number) {
  const where = and(eq(storeFollows.customerId, customerId), eq(stores.isVisible, true));
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ store: stores })
      .from(storeFollows)
      .innerJoin(stores, eq(stores.id, storeFollows.storeId))
      .where(where)
      .orderBy(desc(storeFollows.createdAt))
      .limit(limit)
      .offset((page - 1) * limit),
    ctx.db
      .select({ value: count() })
      .from(storeFollows)
      .innerJoin(stores, eq(stores.id, storeFollows.storeId))
      .where(where),
  ]);
  const totalItems = total?.value ?? 0;
  return {
    stores: rows.map((row) => row.store),
    pagination: pageInfo(page, limit, totalItems),
  };
}
