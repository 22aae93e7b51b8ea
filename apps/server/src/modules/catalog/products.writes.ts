import {
  type ApprovalStatus,
  type MerchantProduct,
  type ProductFields,
  productLimitMessage,
} from '@market/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import { changedFields, recordAudit } from '../../platform/audit/record.js';
import type { Db } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { conflict, notFound, validation } from '../../platform/errors.js';
import type { AuthContext } from '../../platform/http/routes.js';
import type { StoreRow } from '../stores/index.js';
// Read model: catalog listings join stores for visibility and store names (ADR 010).
import { stores } from '../stores/stores.schema.js';
import { storeProductLimit } from '../subscriptions/index.js';
import { needsReapproval } from './catalog.rules.js';
import { products } from './catalog.schema.js';
import { resolveCategoryChoice } from './categories.service.js';
import { submitForApproval } from './products.approval.js';
import { BACK_TO_REVIEW, reviewedContent, toColumns } from './products.columns.js';
import {
  merchantStore,
  PRODUCT_NOT_FOUND,
  type ProductRow,
  type ProductsContext,
  readMerchantProduct,
} from './products.context.js';
import {
  insertProduct,
  lockProduct,
  type ProductInsert,
  refreshProductVisibility,
  updateProduct,
} from './products.repository.js';

// A product written (ADR 101): created by its merchant or an admin, edited, restocked, its images uploaded.

const SKU_TAKEN = 'A product with this SKU already exists in your store';

/**
 * Refuses a product past the plan's limit. Creates in one store take a transaction-scoped lock on the store's
 * product count first, so N concurrent creates at the limit leave exactly the limit.
 */
async function checkProductLimit(ctx: ProductsContext, tx: Db, storeId: string): Promise<void> {
  const allowance = await storeProductLimit(tx, storeId, ctx.deps.now());
  if (allowance.limit === null) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`catalog.products:${storeId}`}))`);
  const [row] = await tx.select({ listed: count() }).from(products).where(eq(products.storeId, storeId));
  if ((row?.listed ?? 0) >= allowance.limit)
    throw conflict(productLimitMessage(allowance.planName, allowance.limit));
}

/** Images must come from the uploader and belong to whoever adds them; images already on the product stay. */
async function checkImages(
  ctx: ProductsContext,
  executor: Db,
  uploaderId: string,
  images: string[] | undefined,
  kept: string[] = [],
) {
  if (!images) return;
  const added = images.filter((url) => !kept.includes(url));
  if (added.length > 0 && !(await ctx.deps.media.ownsImageUrls(executor, uploaderId, added))) {
    throw validation('hostedImages', 'Upload product images through the image uploader first');
  }
}

/** Runs a write, turning the store-and-SKU unique index into a 409 the merchant can act on. */
async function withSkuGuard<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(SKU_TAKEN);
    throw error;
  }
}

async function createInStore(
  ctx: ProductsContext,
  store: StoreRow,
  body: ProductFields,
  actorId: string,
  approval: { status: ApprovalStatus; by: string | null },
): Promise<MerchantProduct> {
  return withSkuGuard(() =>
    ctx.db.transaction(async (tx) => {
      await checkProductLimit(ctx, tx, store.id);
      const categoryText = await resolveCategoryChoice(tx, body);
      await checkImages(ctx, tx, actorId, body.hostedImages);
      const at = ctx.deps.now();
      const id = await insertProduct(tx, {
        ...(toColumns(body) as ProductInsert),
        storeId: store.id,
        storeName: store.storeName,
        categoryText,
        approvalStatus: approval.status,
        approvedBy: approval.by,
        approvedAt: approval.status === 'approved' ? at : null,
        isVisible: false,
        createdAt: at,
        updatedAt: at,
      });
      await refreshProductVisibility(tx, [id]);
      if (approval.status === 'pending') await submitForApproval(ctx, tx, store, at);
      return readMerchantProduct(ctx, tx, id);
    }),
  );
}

/** A staff member's change of price or stock joins the audit trail (ADR 072); other edits do not. */
async function auditPriceAndStock(tx: Db, current: ProductRow, changes: Partial<ProductInsert>) {
  const watched = {
    priceKobo: changes.priceKobo,
    sellingPriceKobo: changes.sellingPriceKobo,
    quantity: changes.quantity,
    variants: changes.variants?.map((variant) => ({
      sku: variant.sku,
      quantity: variant.quantity,
      discountKobo: variant.discountKobo,
    })),
  };
  const was = {
    priceKobo: current.priceKobo,
    sellingPriceKobo: current.sellingPriceKobo,
    quantity: current.quantity,
    variants: current.variants.map((variant) => ({
      sku: variant.sku,
      quantity: variant.quantity,
      discountKobo: variant.discountKobo,
    })),
  };
  const diff = changedFields(was, watched);
  if (Object.keys(diff.after).length === 0) return;
  await recordAudit(tx, {
    action: 'product.price-stock',
    subjectType: 'product',
    subjectId: current.id,
    storeId: current.storeId,
    ...diff,
  });
}

export async function create(
  ctx: ProductsContext,
  auth: AuthContext,
  body: ProductFields,
): Promise<MerchantProduct> {
  const store = await merchantStore(ctx.db, auth);
  return createInStore(ctx, store, body, auth.userId, { status: 'pending', by: null });
}

/**
 * Edits a product of the merchant's own store (another store's product answers 404, as if absent). An edit
 * that changes what customers see sends an approved or rejected product back to pending and hides it until
 * an admin approves it again (see `needsReapproval`); stock-only edits keep its approval.
 */
export async function edit(
  ctx: ProductsContext,
  auth: AuthContext,
  id: string,
  body: Partial<ProductFields>,
): Promise<MerchantProduct> {
  return withSkuGuard(() =>
    ctx.db.transaction(async (tx) => {
      const store = await merchantStore(tx, auth);
      const current = await lockProduct(tx, and(eq(products.id, id), eq(products.storeId, store.id))!);
      if (!current) throw notFound(PRODUCT_NOT_FOUND);
      const changes = toColumns(body, current);
      const after = { ...current, ...changes } as ProductRow;
      if (
        body.categoryId !== undefined ||
        body.subCategoryId !== undefined ||
        body.childCategoryId !== undefined
      ) {
        changes.categoryText = await resolveCategoryChoice(tx, {
          categoryId: after.categoryId,
          subCategoryId: after.subCategoryId,
          childCategoryId: after.childCategoryId,
        });
      }
      if (after.sellingPriceKobo > after.priceKobo) {
        throw validation('pricing.0.sellingPrice', 'Selling price cannot be above the regular price');
      }
      await checkImages(ctx, tx, auth.userId, body.hostedImages, current.hostedImages);
      if (
        current.approvalStatus !== 'pending' &&
        needsReapproval(reviewedContent(current), reviewedContent(after))
      ) {
        Object.assign(changes, BACK_TO_REVIEW);
        await submitForApproval(ctx, tx, store, ctx.deps.now());
      }
      await updateProduct(tx, id, { ...changes, updatedAt: ctx.deps.now() });
      await auditPriceAndStock(tx, current, changes);
      await refreshProductVisibility(tx, [id]);
      return readMerchantProduct(ctx, tx, id);
    }),
  );
}

/** Stock changes never touch approval: a merchant restocks an approved product without waiting. */
export async function updateInventory(
  ctx: ProductsContext,
  auth: AuthContext,
  body: {
    productId: string;
    quantity?: number;
    stockAlertUnits?: number;
    variants?: { sku: string; quantity: number }[];
  },
): Promise<MerchantProduct> {
  return ctx.db.transaction(async (tx) => {
    const store = await merchantStore(tx, auth);
    const current = await lockProduct(
      tx,
      and(eq(products.id, body.productId), eq(products.storeId, store.id))!,
    );
    if (!current) throw notFound(PRODUCT_NOT_FOUND);
    const changes: Partial<ProductInsert> = { updatedAt: ctx.deps.now() };
    if (body.quantity !== undefined) changes.quantity = body.quantity;
    if (body.stockAlertUnits !== undefined) changes.stockAlertUnits = body.stockAlertUnits;
    if (body.variants) {
      const stock = new Map(body.variants.map((variant) => [variant.sku.toLowerCase(), variant.quantity]));
      const known = new Set(current.variants.map((variant) => variant.sku.toLowerCase()));
      const unknown = body.variants.find((variant) => !known.has(variant.sku.toLowerCase()));
      if (unknown) throw validation('variants', `This product has no variant with SKU ${unknown.sku}`);
      changes.variants = current.variants.map((variant) => ({
        ...variant,
        quantity: stock.get(variant.sku.toLowerCase()) ?? variant.quantity,
      }));
    }
    await updateProduct(tx, current.id, changes);
    await auditPriceAndStock(tx, current, changes);
    // Restocking a product hidden while sold out shows it again (and selling out hides it).
    await refreshProductVisibility(tx, [current.id]);
    return readMerchantProduct(ctx, tx, current.id);
  });
}

/** Stores the upload as WebP sizes owned by the uploader; product bodies then name its URLs. */
export function uploadImage(ctx: ProductsContext, auth: AuthContext, bytes: Buffer) {
  return ctx.deps.media.saveImage(ctx.db, auth.userId, bytes, 'product-image');
}

/** An admin lists a product for a store; the admin is the approver, so it needs no second review. */
export async function adminCreate(
  ctx: ProductsContext,
  auth: AuthContext,
  body: ProductFields & { storeId: string },
): Promise<MerchantProduct> {
  const [store] = await ctx.db.select().from(stores).where(eq(stores.id, body.storeId)).limit(1);
  if (!store) throw validation('storeId', 'This store does not exist');
  return createInStore(ctx, store, body, auth.userId, { status: 'approved', by: auth.userId });
}
