import type { CreateCollectionBody, FeaturedCollection, MerchantProduct } from '@market/contracts';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { bound } from '../../platform/bound.js';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { notFound, validation } from '../../platform/errors.js';
import { type AuthContext, requireStoreId } from '../../platform/http/routes.js';
import { toMerchantProduct } from './catalog.mappers.js';
import { featuredCollectionProducts, featuredCollections, products } from './catalog.schema.js';
import { selectProducts } from './products.repository.js';

const COLLECTION_NOT_FOUND = 'Collection not found';
type CollectionRow = typeof featuredCollections.$inferSelect;

async function ownCollection(executor: Db, auth: AuthContext, collectionId: string): Promise<CollectionRow> {
  const storeId = requireStoreId(auth);
  const [row] = await executor
    .select()
    .from(featuredCollections)
    .where(and(eq(featuredCollections.id, collectionId), eq(featuredCollections.storeId, storeId)))
    .limit(1);
  if (!row) throw notFound(COLLECTION_NOT_FOUND);
  return row;
}

async function toCollections(executor: Db, rows: CollectionRow[]): Promise<FeaturedCollection[]> {
  const ids = rows.map((row) => row.id);
  const counts =
    ids.length === 0
      ? []
      : await executor
          .select({ collectionId: featuredCollectionProducts.collectionId, value: count() })
          .from(featuredCollectionProducts)
          .where(inArray(featuredCollectionProducts.collectionId, ids))
          .groupBy(featuredCollectionProducts.collectionId);
  const countOf = new Map(counts.map((row) => [row.collectionId, row.value]));
  return rows.map((row) => ({
    id: row.id,
    storeId: row.storeId,
    title: row.title,
    description: row.description,
    image: row.image,
    status: row.status,
    productCount: countOf.get(row.id) ?? 0,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Only products of the collection's own store may join it. */
async function ensureOwnProducts(executor: Db, storeId: string, productIds: string[]) {
  const found = await executor
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, productIds), eq(products.storeId, storeId)));
  if (found.length !== productIds.length) {
    throw validation('productIds', 'Choose products of your own store');
  }
}

export async function create(
  deps: Deps,
  auth: AuthContext,
  body: CreateCollectionBody,
): Promise<FeaturedCollection> {
  return deps.db.transaction(async (tx) => {
    const storeId = requireStoreId(auth);
    if (body.image && !(await deps.media.ownsImageUrls(tx, auth.userId, [body.image]))) {
      throw validation('image', 'Upload the collection image through the image uploader first');
    }
    const at = deps.now();
    const [row] = await tx
      .insert(featuredCollections)
      .values({
        storeId,
        title: body.title,
        description: body.description ?? null,
        image: body.image ?? null,
        status: body.status ?? 'active',
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    return (await toCollections(tx, [row!]))[0]!;
  });
}

export async function list(
  deps: Deps,
  auth: AuthContext,
  status?: 'active' | 'inactive',
): Promise<FeaturedCollection[]> {
  const storeId = requireStoreId(auth);
  const conditions: SQL[] = [eq(featuredCollections.storeId, storeId)];
  if (status) conditions.push(eq(featuredCollections.status, status));
  const rows = await deps.db
    .select()
    .from(featuredCollections)
    .where(and(...conditions))
    .orderBy(desc(featuredCollections.createdAt));
  return toCollections(deps.db, rows);
}

export async function remove(deps: Deps, auth: AuthContext, collectionId: string): Promise<void> {
  const collection = await ownCollection(deps.db, auth, collectionId);
  await deps.db.delete(featuredCollections).where(eq(featuredCollections.id, collection.id));
}

export async function addProducts(deps: Deps, auth: AuthContext, collectionId: string, productIds: string[]) {
  return deps.db.transaction(async (tx) => {
    const collection = await ownCollection(tx, auth, collectionId);
    const unique = [...new Set(productIds)];
    await ensureOwnProducts(tx, collection.storeId, unique);
    await tx
      .insert(featuredCollectionProducts)
      .values(unique.map((productId) => ({ collectionId, productId, createdAt: deps.now() })))
      .onConflictDoNothing();
    await tx
      .update(featuredCollections)
      .set({ updatedAt: deps.now() })
      .where(eq(featuredCollections.id, collectionId));
    return (await toCollections(tx, [collection]))[0]!;
  });
}

export async function removeProducts(
  deps: Deps,
  auth: AuthContext,
  collectionId: string,
  productIds: string[],
) {
  return deps.db.transaction(async (tx) => {
    const collection = await ownCollection(tx, auth, collectionId);
    await tx
      .delete(featuredCollectionProducts)
      .where(
        and(
          eq(featuredCollectionProducts.collectionId, collectionId),
          inArray(featuredCollectionProducts.productId, productIds),
        ),
      );
    return (await toCollections(tx, [collection]))[0]!;
  });
}

/** The collection's products as the merchant sees them (any approval status), in the order they were added. */
export async function collectionProducts(
  deps: Deps,
  auth: AuthContext,
  collectionId: string,
): Promise<MerchantProduct[]> {
  const collection = await ownCollection(deps.db, auth, collectionId);
  const members = await deps.db
    .select({ productId: featuredCollectionProducts.productId })
    .from(featuredCollectionProducts)
    .where(eq(featuredCollectionProducts.collectionId, collection.id))
    .orderBy(featuredCollectionProducts.createdAt);
  if (members.length === 0) return [];
  const rows = await selectProducts(
    deps.db,
    inArray(
      products.id,
      members.map((member) => member.productId),
    ),
    [],
    members.length,
  );
  const byId = new Map(rows.map((row) => [row.id, toMerchantProduct(row, deps.now())]));
  return members.flatMap((member) => byId.get(member.productId) ?? []);
}

/**
 * A merchant's featured collections; every call is scoped to the merchant's own store (others answer 404). Named
 * functions of the platform's deps (ADR 091, 101), bound here.
 */
export function createCollectionsService(deps: Deps) {
  return {
    create: bound(deps, create),
    list: bound(deps, list),
    remove: bound(deps, remove),
    addProducts: bound(deps, addProducts),
    removeProducts: bound(deps, removeProducts),
    products: bound(deps, collectionProducts),
  };
}

export type CollectionsService = ReturnType<typeof createCollectionsService>;
