import type { MerchantProduct } from '@market/contracts';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record.js';
import type { Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import type { AuthContext } from '../../platform/http/routes.js';
import { productApprovalDigest } from '../../platform/notify/events.js';
import { findAccountById } from '../auth/index.js';
import type { StoreRow } from '../stores/index.js';
// Read model: catalog listings join stores for visibility and store names (ADR 010).
import { stores } from '../stores/stores.schema.js';
import { products } from './catalog.schema.js';
import { PRODUCT_NOT_FOUND, type ProductsContext, readMerchantProduct } from './products.context.js';
import {
  lockProduct,
  type ProductInsert,
  refreshProductVisibility,
  updateProduct,
} from './products.repository.js';
// A product's review (ADR 101): submitted for approval, an admin's approval or rejection, and who hears of it.

/**
 * A product waits for approval. Admins hear of it only from an approved store, and once per store per digest
 * interval (issue 31): a pending store's products are drafts nobody is told of until the store is approved (its
 * approval sends the digest), so an unapproved sign-up cannot make the platform mail its approvers.
 */
export async function submitForApproval(ctx: ProductsContext, tx: Db, store: StoreRow, at: Date) {
  if (store.approvalStatus !== 'approved') return;
  await ctx.deps.events.emit(tx, productApprovalDigest(store, at));
}

/** The store hears an admin's decision on its product (ADR 057). */
async function tellOfProduct(
  ctx: ProductsContext,
  tx: Db,
  product: { id: string; name: string; storeId: string },
  kind: 'product.decided',
  at: Date,
  decision?: { decision: 'approved' | 'rejected'; reason: string | null },
) {
  await ctx.deps.events.emit(tx, {
    kind,
    key: `${kind}:product:${product.id}:${at.getTime()}`,
    audience: [{ store: product.storeId, permission: 'products:write' }],
    params: {
      what: 'product',
      subject: product.name,
      productName: product.name,
      productId: product.id,
      decision: decision?.decision ?? null,
      reason: decision?.reason ?? null,
    },
  });
}

const productRef = (product: MerchantProduct) => ({
  id: product.id,
  name: product.name,
  storeId: product.storeId,
});

/** Records an admin's decision on a product, inside the caller's transaction. */
async function setApproval(
  ctx: ProductsContext,
  tx: Db,
  productId: string,
  merchantId: string | undefined,
  decision: Partial<ProductInsert>,
): Promise<{ product: MerchantProduct; merchantId: string }> {
  const row = await lockProduct(tx, eq(products.id, productId));
  const [store] = row
    ? await tx.select({ merchantId: stores.merchantId }).from(stores).where(eq(stores.id, row.storeId))
    : [];
  // The merchantId the admin screen sends must match: approving by a stale or wrong pairing is refused.
  if (!row || !store || (merchantId && store.merchantId !== merchantId)) throw notFound(PRODUCT_NOT_FOUND);
  await updateProduct(tx, row.id, { ...decision, updatedAt: ctx.deps.now() });
  await recordAudit(tx, {
    action: decision.approvalStatus === 'approved' ? 'product.approve' : 'product.reject',
    subjectType: 'product',
    subjectId: row.id,
    storeId: row.storeId,
    before: { approvalStatus: row.approvalStatus },
    after: { approvalStatus: decision.approvalStatus },
    reason: decision.rejectionReason ?? null,
  });
  await refreshProductVisibility(tx, [row.id]);
  return { product: await readMerchantProduct(ctx, tx, row.id), merchantId: store.merchantId };
}

export async function approve(
  ctx: ProductsContext,
  auth: AuthContext,
  productId: string,
  merchantId: string,
): Promise<MerchantProduct> {
  return ctx.db.transaction(async (tx) => {
    const { product, merchantId: ownerId } = await setApproval(ctx, tx, productId, merchantId, {
      approvalStatus: 'approved',
      approvedBy: auth.userId,
      approvedAt: ctx.deps.now(),
      rejectionReason: null,
    });
    await tellOfProduct(ctx, tx, productRef(product), 'product.decided', ctx.deps.now(), {
      decision: 'approved',
      reason: null,
    });
    // Product decisions are always mailed to the owner (ADR 005; the preferences page says so): the approval as
    // much as the rejection. It says whether customers see the product now or once the store is open.
    const [store] = await tx
      .select({ isVisible: stores.isVisible })
      .from(stores)
      .where(eq(stores.id, product.storeId));
    const merchant = await findAccountById(tx, ownerId);
    if (merchant) {
      await ctx.deps.mailer.send(tx, {
        to: merchant.email,
        subject: `Your product "${product.name}" is approved`,
        paragraphs: [
          `Hello ${merchant.firstName},`,
          `An admin approved "${product.name}" (SKU ${product.sku}) in ${product.storeName}.`,
          store?.isVisible
            ? 'Customers can find it in your store now.'
            : 'Customers will see it as soon as your store is open: approved by the platform, with your onboarding complete.',
        ],
      });
    }
    return product;
  });
}

/** Rejects and tells the merchant why, in the same transaction as the outbox row (mailed after commit). */
export async function reject(
  ctx: ProductsContext,
  auth: AuthContext,
  body: { productId: string; merchantId?: string; reason: string },
): Promise<MerchantProduct> {
  return ctx.db.transaction(async (tx) => {
    const { product, merchantId } = await setApproval(ctx, tx, body.productId, body.merchantId, {
      approvalStatus: 'rejected',
      approvedBy: auth.userId,
      approvedAt: null,
      rejectionReason: body.reason,
    });
    await tellOfProduct(ctx, tx, productRef(product), 'product.decided', ctx.deps.now(), {
      decision: 'rejected',
      reason: body.reason,
    });
    const merchant = await findAccountById(tx, merchantId);
    if (merchant) {
      await ctx.deps.mailer.send(tx, {
        to: merchant.email,
        subject: `Your product "${product.name}" was not approved`,
        paragraphs: [
          `Hello ${merchant.firstName},`,
          `An admin reviewed "${product.name}" (SKU ${product.sku}) in ${product.storeName} and could not approve it yet.`,
          `Reason: ${body.reason}`,
          'Edit the product to fix this and it will go back for review.',
        ],
      });
    }
    return product;
  });
}
