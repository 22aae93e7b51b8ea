import type { CreatePromotionBody, Promotion } from '@market/contracts';
import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import { bound } from '../../platform/bound.js';
import type { Db } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { Deps } from '../../platform/deps.js';
import { conflict, notFound, validation } from '../../platform/errors.js';
import type { AuthContext } from '../../platform/http/routes.js';
// Read model: catalog listings join stores for visibility and store names (ADR 010).
import { stores } from '../stores/stores.schema.js';
import { isPromotionActive } from './catalog.rules.js';
import { officialOutlets, products, promotionProducts, promotions } from './catalog.schema.js';

type PromotionRow = typeof promotions.$inferSelect;

function selectOutlets(executor: Db) {
  return executor
    .select({
      id: officialOutlets.id,
      storeId: officialOutlets.storeId,
      position: officialOutlets.position,
      createdAt: officialOutlets.createdAt,
      storeName: stores.storeName,
      storeUrl: stores.storeUrl,
      logo: stores.logo,
    })
    .from(officialOutlets)
    .innerJoin(stores, eq(stores.id, officialOutlets.storeId))
    .$dynamic();
}

type OutletRow = Awaited<ReturnType<typeof selectOutlets>>[number];
const toOutlet = (row: OutletRow) => ({ ...row, createdAt: row.createdAt.toISOString() });

async function toPromotion(deps: Deps, executor: Db, row: PromotionRow): Promise<Promotion> {
  const [members] = await executor
    .select({ value: count() })
    .from(promotionProducts)
    .where(eq(promotionProducts.promotionId, row.id));
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    isActive: isPromotionActive(row, deps.now()),
    productCount: members?.value ?? 0,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function create(deps: Deps, auth: AuthContext, body: CreatePromotionBody): Promise<Promotion> {
  const [row] = await deps.db
    .insert(promotions)
    .values({
      name: body.name,
      description: body.description ?? null,
      startsAt: body.startsAt ? new Date(body.startsAt) : null,
      endsAt: body.endsAt ? new Date(body.endsAt) : null,
      createdBy: auth.userId,
      createdAt: deps.now(),
    })
    .returning();
  return toPromotion(deps, deps.db, row!);
}

export async function list(deps: Deps): Promise<Promotion[]> {
  const rows = await deps.db.select().from(promotions).orderBy(desc(promotions.createdAt));
  return Promise.all(rows.map((row) => toPromotion(deps, deps.db, row)));
}

/** Adds products (any approval status: they show to customers once visible); repeats are kept once. */
export async function addProducts(deps: Deps, promotionId: string, productIds: string[]) {
  return deps.db.transaction(async (tx) => {
    const [promotion] = await tx.select().from(promotions).where(eq(promotions.id, promotionId)).limit(1);
    if (!promotion) throw notFound('Promotion not found');
    const unique = [...new Set(productIds)];
    const found = await tx.select({ id: products.id }).from(products).where(inArray(products.id, unique));
    if (found.length !== unique.length) throw validation('productIds', 'Some of these products do not exist');
    const added = await tx
      .insert(promotionProducts)
      .values(unique.map((productId) => ({ promotionId, productId, createdAt: deps.now() })))
      .onConflictDoNothing()
      .returning({ id: promotionProducts.id });
    return { promotion: await toPromotion(deps, tx, promotion), added: added.length };
  });
}

export async function removeProduct(deps: Deps, promotionProductId: string): Promise<void> {
  const removed = await deps.db
    .delete(promotionProducts)
    .where(eq(promotionProducts.id, promotionProductId))
    .returning({ id: promotionProducts.id });
  if (removed.length === 0) throw notFound('This product is not in a promotion');
}

export async function remove(deps: Deps, promotionId: string): Promise<void> {
  const removed = await deps.db
    .delete(promotions)
    .where(eq(promotions.id, promotionId))
    .returning({ id: promotions.id });
  if (removed.length === 0) throw notFound('Promotion not found');
}

export async function addOutlet(deps: Deps, auth: AuthContext, storeId: string, position?: number) {
  const [store] = await deps.db.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId)).limit(1);
  if (!store) throw validation('storeId', 'This store does not exist');
  try {
    const [row] = await deps.db
      .insert(officialOutlets)
      .values({ storeId, position: position ?? 0, createdBy: auth.userId, createdAt: deps.now() })
      .returning({ id: officialOutlets.id });
    const [outlet] = await selectOutlets(deps.db).where(eq(officialOutlets.id, row!.id));
    return toOutlet(outlet!);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('This store is already an official outlet');
    throw error;
  }
}

export async function removeOutlet(deps: Deps, id: string): Promise<void> {
  const removed = await deps.db
    .delete(officialOutlets)
    .where(eq(officialOutlets.id, id))
    .returning({ id: officialOutlets.id });
  if (removed.length === 0) throw notFound('Official outlet not found');
}

export async function outlets(deps: Deps) {
  const rows = await selectOutlets(deps.db).orderBy(
    asc(officialOutlets.position),
    asc(officialOutlets.createdAt),
  );
  return rows.map(toOutlet);
}

/**
 * Admin management of promotions and official outlets; customers read them through the storefront rails. Named
 * functions of the platform's deps (ADR 091, 101), bound here.
 */
export function createPromotionsService(deps: Deps) {
  return {
    create: bound(deps, create),
    list: bound(deps, list),
    addProducts: bound(deps, addProducts),
    removeProduct: bound(deps, removeProduct),
    remove: bound(deps, remove),
    addOutlet: bound(deps, addOutlet),
    removeOutlet: bound(deps, removeOutlet),
    outlets: bound(deps, outlets),
  };
}

export type PromotionsService = ReturnType<typeof createPromotionsService>;
