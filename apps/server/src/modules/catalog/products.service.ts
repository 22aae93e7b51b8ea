import { randomUUID } from 'node:crypto';
import {
  type AdminProductsQuery,
  type ApprovalStatus,
  type MerchantProduct,
  type MerchantProductsQuery,
  nairaToKobo,
  type ProductFields,
  productLimitMessage,
} from '@market/contracts';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { changedFields, recordAudit } from '../../platform/audit/record.js';
import type { Db } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { containsPattern, pageInfo } from '../../platform/db/paging.js';
import type { Deps } from '../../platform/deps.js';
import { conflict, notFound, validation } from '../../platform/errors.js';
import { type AuthContext, requireStoreId } from '../../platform/http/routes.js';
import { productApprovalDigest } from '../../platform/notify/events.js';
import { findUserById } from '../auth/index.js';
import { findStoreById, type StoreRow } from '../stores/index.js';
// Read model: catalog listings join stores for visibility and store names (ADR 010).
import { stores } from '../stores/stores.schema.js';
import { toMerchantProduct } from './catalog.mappers.js';
import { needsReapproval, type ReviewedContent } from './catalog.rules.js';
import { type ProductVariant, products } from './catalog.schema.js';
import { resolveCategoryChoice } from './categories.service.js';
import {
  findProduct,
  insertProduct,
  lockProduct,
  type ProductInsert,
  refreshProductVisibility,
  selectProducts,
  setStoreNameOnProducts,
  setStoreProductsVisibility,
  updateProduct,
} from './products.repository.js';

const PRODUCT_NOT_FOUND = 'Product not found';
const SKU_TAKEN = 'A product with this SKU already exists in your store';

type ProductRow = typeof products.$inferSelect;

// ---------- for the stores module ----------

/**
 * Called by the stores module whenever a store's visibility changes (approval, onboarding, suspension): its
 * approved products appear to customers or disappear with it. Returns how many products were touched.
 */
export function refreshStoreProductsVisibility(
  db: Db,
  storeId: string,
  storeVisible: boolean,
): Promise<number> {
  return setStoreProductsVisibility(db, storeId, storeVisible);
}

/**
 * For modules that change stock outside the catalog (orders): recomputes whether customers see these products,
 * since a sold-out product may be set to hide until restocked.
 */
export { refreshProductVisibility } from './products.repository.js';

/** Called by the stores module after a store is renamed: product search covers the store name. */
export function renameStoreInProducts(db: Db, storeId: string, storeName: string): Promise<void> {
  return setStoreNameOnProducts(db, storeId, storeName);
}

// ---------- helpers ----------

/** Keeps a variant's id across edits when its SKU stays, so carts and orders that name it still find it. */
function toVariants(input: ProductFields['variant'], previous: ProductVariant[] = []): ProductVariant[] {
  const previousIds = new Map(previous.map((variant) => [variant.sku.toLowerCase(), variant.id]));
  return input.map((variant) => ({
    id: previousIds.get(variant.sku.toLowerCase()) ?? randomUUID(),
    sku: variant.sku,
    size: variant.size ?? null,
    color: variant.color ?? null,
    discountKobo: nairaToKobo(variant.discount),
    quantity: variant.quantity,
  }));
}

/** Contract fields (naira, spec names) to columns (kobo); only the fields present are returned. */
export function toColumns(
  fields: Partial<ProductFields>,
  previous?: Pick<ProductRow, 'variants'>,
): Partial<ProductInsert> {
  const columns: Partial<ProductInsert> = {};
  if (fields.name !== undefined) columns.name = fields.name;
  if (fields.description !== undefined) columns.description = fields.description;
  if (fields.categoryId !== undefined) columns.categoryId = fields.categoryId;
  if (fields.subCategoryId !== undefined) columns.subCategoryId = fields.subCategoryId;
  if (fields.childCategoryId !== undefined) columns.childCategoryId = fields.childCategoryId;
  const pricing = fields.pricing?.[0];
  if (pricing) {
    columns.costPriceKobo = nairaToKobo(pricing.costPrice);
    columns.sellingPriceKobo = nairaToKobo(pricing.sellingPrice);
    columns.priceKobo = nairaToKobo(pricing.price);
    // A pricing entry is given whole: one without sale days has a sale (if any) with no end.
    columns.saleStartDate = pricing.saleStartDate ?? null;
    columns.saleEndDate = pricing.saleEndDate ?? null;
  }
  if (fields.quantity !== undefined) columns.quantity = fields.quantity;
  if (fields.sku !== undefined) columns.sku = fields.sku;
  if (fields.weight !== undefined) columns.weight = fields.weight === null ? null : String(fields.weight);
  if (fields.weightUnit !== undefined) columns.weightUnit = fields.weightUnit;
  if (fields.dimension !== undefined) columns.dimension = fields.dimension;
  if (fields.dimensionUnit !== undefined) columns.dimensionUnit = fields.dimensionUnit;
  if (fields.whenSoldOut !== undefined) columns.whenSoldOut = fields.whenSoldOut;
  if (fields.contSalesOutOfStock !== undefined) columns.contSalesOutOfStock = fields.contSalesOutOfStock;
  if (fields.stockAlertUnits !== undefined) columns.stockAlertUnits = fields.stockAlertUnits;
  if (fields.IsDigitalProduct !== undefined) columns.isDigitalProduct = fields.IsDigitalProduct;
  if (fields.variant !== undefined) columns.variants = toVariants(fields.variant, previous?.variants);
  if (fields.variantProperties !== undefined) columns.variantProperties = fields.variantProperties;
  if (fields.hostedImages !== undefined) columns.hostedImages = fields.hostedImages;
  return columns;
}

type ReviewedSource = Pick<
  ProductInsert,
  | 'name'
  | 'description'
  | 'categoryId'
  | 'subCategoryId'
  | 'childCategoryId'
  | 'sellingPriceKobo'
  | 'priceKobo'
  | 'sku'
  | 'weight'
  | 'weightUnit'
  | 'dimension'
  | 'dimensionUnit'
  | 'isDigitalProduct'
  | 'variantProperties'
  | 'hostedImages'
  | 'variants'
>;

export function reviewedContent(row: ReviewedSource): ReviewedContent {
  return {
    name: row.name,
    description: row.description,
    categoryId: row.categoryId,
    subCategoryId: row.subCategoryId ?? null,
    childCategoryId: row.childCategoryId ?? null,
    sellingPriceKobo: row.sellingPriceKobo,
    priceKobo: row.priceKobo,
    sku: row.sku,
    weight: row.weight === null || row.weight === undefined ? null : Number(row.weight),
    weightUnit: row.weightUnit ?? 'kg',
    dimension: row.dimension ?? null,
    dimensionUnit: row.dimensionUnit ?? 'cm',
    isDigitalProduct: row.isDigitalProduct ?? false,
    variantProperties: row.variantProperties ?? [],
    hostedImages: row.hostedImages ?? [],
    variants: row.variants ?? [],
  };
}

/** What the catalog needs of others, handed in by the composition (ADR 010). */
export interface CatalogNeeds {
  /**
   * The product limit of the store's plan now (null: none) and the plan's name for the refusal; from the
   * subscriptions module. Without it no limit applies.
   */
  productLimit?(executor: Db, storeId: string): Promise<{ planName: string; limit: number | null }>;
}

export function createProductsService(deps: Deps, needs: CatalogNeeds = {}) {
  const { db } = deps;

  /**
   * Refuses a product past the plan's limit. Creates in one store take a transaction-scoped lock on the store's
   * product count first, so N concurrent creates at the limit leave exactly the limit.
   */
  async function checkProductLimit(tx: Db, storeId: string): Promise<void> {
    const allowance = await needs.productLimit?.(tx, storeId);
    if (!allowance || allowance.limit === null) return;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`catalog.products:${storeId}`}))`);
    const [row] = await tx.select({ listed: count() }).from(products).where(eq(products.storeId, storeId));
    if ((row?.listed ?? 0) >= allowance.limit)
      throw conflict(productLimitMessage(allowance.planName, allowance.limit));
  }

  /** The store the guard resolved from the caller's membership. */
  async function merchantStore(executor: Db, auth: AuthContext): Promise<StoreRow> {
    const store = await findStoreById(executor, requireStoreId(auth));
    if (!store) throw notFound('Your store was not found');
    return store;
  }

  /** Images must come from the uploader and belong to whoever adds them; images already on the product stay. */
  async function checkImages(
    executor: Db,
    uploaderId: string,
    images: string[] | undefined,
    kept: string[] = [],
  ) {
    if (!images) return;
    const added = images.filter((url) => !kept.includes(url));
    if (added.length > 0 && !(await deps.media.ownsImageUrls(executor, uploaderId, added))) {
      throw validation('hostedImages', 'Upload product images through the image uploader first');
    }
  }

  async function readMerchantProduct(executor: Db, id: string): Promise<MerchantProduct> {
    const row = await findProduct(executor, eq(products.id, id));
    if (!row) throw notFound(PRODUCT_NOT_FOUND);
    return toMerchantProduct(row, deps.now());
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
    store: StoreRow,
    body: ProductFields,
    actorId: string,
    approval: { status: ApprovalStatus; by: string | null },
  ): Promise<MerchantProduct> {
    return withSkuGuard(() =>
      db.transaction(async (tx) => {
        await checkProductLimit(tx, store.id);
        const categoryText = await resolveCategoryChoice(tx, body);
        await checkImages(tx, actorId, body.hostedImages);
        const at = deps.now();
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
        if (approval.status === 'pending') await submitForApproval(tx, store, at);
        return readMerchantProduct(tx, id);
      }),
    );
  }

  /**
   * A product waits for approval. Admins hear of it only from an approved store, and once per store per digest
   * interval (issue 31): a pending store's products are drafts nobody is told of until the store is approved (its
   * approval sends the digest), so an unapproved sign-up cannot make the platform mail its approvers.
   */
  async function submitForApproval(tx: Db, store: StoreRow, at: Date) {
    if (store.approvalStatus !== 'approved') return;
    await deps.events.emit(tx, productApprovalDigest(store, at));
  }

  /** The store hears an admin's decision on its product (ADR 057). */
  async function tellOfProduct(
    tx: Db,
    product: { id: string; name: string; storeId: string },
    kind: 'product.decided',
    at: Date,
    decision?: { decision: 'approved' | 'rejected'; reason: string | null },
  ) {
    await deps.events.emit(tx, {
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

  /** Records an admin's decision on a product, inside the caller's transaction. */
  async function setApproval(
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
    await updateProduct(tx, row.id, { ...decision, updatedAt: deps.now() });
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
    return { product: await readMerchantProduct(tx, row.id), merchantId: store.merchantId };
  }

  return {
    // ---------- merchant ----------

    async create(auth: AuthContext, body: ProductFields): Promise<MerchantProduct> {
      const store = await merchantStore(db, auth);
      return createInStore(store, body, auth.userId, { status: 'pending', by: null });
    },

    /**
     * Edits a product of the merchant's own store (another store's product answers 404, as if absent). An edit
     * that changes what customers see sends an approved or rejected product back to pending and hides it until
     * an admin approves it again (see `needsReapproval`); stock-only edits keep its approval.
     */
    async edit(auth: AuthContext, id: string, body: Partial<ProductFields>): Promise<MerchantProduct> {
      return withSkuGuard(() =>
        db.transaction(async (tx) => {
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
          await checkImages(tx, auth.userId, body.hostedImages, current.hostedImages);
          if (
            current.approvalStatus !== 'pending' &&
            needsReapproval(reviewedContent(current), reviewedContent(after))
          ) {
            Object.assign(changes, {
              approvalStatus: 'pending',
              approvedBy: null,
              approvedAt: null,
              rejectionReason: null,
              isVisible: false,
            } satisfies Partial<ProductInsert>);
            await submitForApproval(tx, store, deps.now());
          }
          await updateProduct(tx, id, { ...changes, updatedAt: deps.now() });
          await auditPriceAndStock(tx, current, changes);
          await refreshProductVisibility(tx, [id]);
          return readMerchantProduct(tx, id);
        }),
      );
    },

    /** Stock changes never touch approval: a merchant restocks an approved product without waiting. */
    async updateInventory(
      auth: AuthContext,
      body: {
        productId: string;
        quantity?: number;
        stockAlertUnits?: number;
        variants?: { sku: string; quantity: number }[];
      },
    ): Promise<MerchantProduct> {
      return db.transaction(async (tx) => {
        const store = await merchantStore(tx, auth);
        const current = await lockProduct(
          tx,
          and(eq(products.id, body.productId), eq(products.storeId, store.id))!,
        );
        if (!current) throw notFound(PRODUCT_NOT_FOUND);
        const changes: Partial<ProductInsert> = { updatedAt: deps.now() };
        if (body.quantity !== undefined) changes.quantity = body.quantity;
        if (body.stockAlertUnits !== undefined) changes.stockAlertUnits = body.stockAlertUnits;
        if (body.variants) {
          const stock = new Map(
            body.variants.map((variant) => [variant.sku.toLowerCase(), variant.quantity]),
          );
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
        return readMerchantProduct(tx, current.id);
      });
    },

    async mine(auth: AuthContext, query: MerchantProductsQuery) {
      const store = await merchantStore(db, auth);
      const conditions: SQL[] = [eq(products.storeId, store.id)];
      if (query.search) {
        const pattern = containsPattern(query.search);
        conditions.push(or(ilike(products.name, pattern), ilike(products.sku, pattern))!);
      }
      if (query.status) conditions.push(eq(products.approvalStatus, query.status));
      if (query.stock === 'out') conditions.push(sql`${products.quantity} <= 0`);
      if (query.stock === 'low') {
        conditions.push(
          sql`${products.quantity} > 0 and ${products.quantity} <= ${products.stockAlertUnits}`,
        );
      }
      if (query.stock === 'in') conditions.push(sql`${products.quantity} > ${products.stockAlertUnits}`);
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        selectProducts(
          db,
          where,
          [desc(products.createdAt), desc(products.id)],
          query.limit,
          (query.page - 1) * query.limit,
        ),
        db.select({ value: count() }).from(products).where(where),
      ]);
      const totalItems = total?.value ?? 0;
      return {
        products: rows.map((row) => toMerchantProduct(row, deps.now())),
        pagination: pageInfo(query.page, query.limit, totalItems),
      };
    },

    /** Products at or under their stock alert units (sold-out ones included), lowest stock first. */
    async lowStock(auth: AuthContext, limit: number): Promise<MerchantProduct[]> {
      const store = await merchantStore(db, auth);
      const rows = await selectProducts(
        db,
        and(eq(products.storeId, store.id), sql`${products.quantity} <= ${products.stockAlertUnits}`),
        [asc(products.quantity), asc(products.name)],
        limit,
      );
      return rows.map((row) => toMerchantProduct(row, deps.now()));
    },

    async mineOne(auth: AuthContext, id: string): Promise<MerchantProduct> {
      const store = await merchantStore(db, auth);
      const row = await findProduct(db, and(eq(products.id, id), eq(products.storeId, store.id))!);
      if (!row) throw notFound(PRODUCT_NOT_FOUND);
      return toMerchantProduct(row, deps.now());
    },

    /** Stores the upload as WebP sizes owned by the uploader; product bodies then name its URLs. */
    uploadImage(auth: AuthContext, bytes: Buffer) {
      return deps.media.saveImage(db, auth.userId, bytes, 'product-image');
    },

    // ---------- admin ----------

    /** An admin lists a product for a store; the admin is the approver, so it needs no second review. */
    async adminCreate(
      auth: AuthContext,
      body: ProductFields & { storeId: string },
    ): Promise<MerchantProduct> {
      const [store] = await db.select().from(stores).where(eq(stores.id, body.storeId)).limit(1);
      if (!store) throw validation('storeId', 'This store does not exist');
      return createInStore(store, body, auth.userId, { status: 'approved', by: auth.userId });
    },

    async adminList(query: AdminProductsQuery) {
      const conditions: SQL[] = [];
      if (query.storeId) conditions.push(eq(products.storeId, query.storeId));
      if (query.merchantId) conditions.push(eq(stores.merchantId, query.merchantId));
      if (query.search) {
        const pattern = containsPattern(query.search);
        conditions.push(
          or(
            ilike(products.name, pattern),
            ilike(products.storeName, pattern),
            ilike(products.sku, pattern),
          )!,
        );
      }
      // The metrics count every status under the other filters, so the tabs show what each one holds.
      const metricsWhere = and(...conditions);
      if (query.approvalStatus) conditions.push(eq(products.approvalStatus, query.approvalStatus));
      const where = and(...conditions);
      const [rows, [total], byStatus] = await Promise.all([
        selectProducts(
          db,
          where,
          [desc(products.createdAt), desc(products.id)],
          query.limit,
          (query.page - 1) * query.limit,
        ),
        db
          .select({ value: count() })
          .from(products)
          .innerJoin(stores, eq(stores.id, products.storeId))
          .where(where),
        db
          .select({ status: products.approvalStatus, value: count() })
          .from(products)
          .innerJoin(stores, eq(stores.id, products.storeId))
          .where(metricsWhere)
          .groupBy(products.approvalStatus),
      ]);
      const totalItems = total?.value ?? 0;
      const metric = (status: ApprovalStatus) => byStatus.find((row) => row.status === status)?.value ?? 0;
      return {
        products: rows.map((row) => toMerchantProduct(row, deps.now())),
        pagination: pageInfo(query.page, query.limit, totalItems),
        metrics: { approved: metric('approved'), pending: metric('pending'), rejected: metric('rejected') },
      };
    },

    async approve(auth: AuthContext, productId: string, merchantId: string): Promise<MerchantProduct> {
      return db.transaction(async (tx) => {
        const { product, merchantId: ownerId } = await setApproval(tx, productId, merchantId, {
          approvalStatus: 'approved',
          approvedBy: auth.userId,
          approvedAt: deps.now(),
          rejectionReason: null,
        });
        await tellOfProduct(tx, productRef(product), 'product.decided', deps.now(), {
          decision: 'approved',
          reason: null,
        });
        // Product decisions are always mailed to the owner (ADR 005; the preferences page says so): the approval as
        // much as the rejection. It says whether customers see the product now or once the store is open.
        const [store] = await tx
          .select({ isVisible: stores.isVisible })
          .from(stores)
          .where(eq(stores.id, product.storeId));
        const merchant = await findUserById(tx, ownerId);
        if (merchant) {
          await deps.mailer.send(tx, {
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
    },

    /** Rejects and tells the merchant why, in the same transaction as the outbox row (mailed after commit). */
    async reject(
      auth: AuthContext,
      body: { productId: string; merchantId?: string; reason: string },
    ): Promise<MerchantProduct> {
      return db.transaction(async (tx) => {
        const { product, merchantId } = await setApproval(tx, body.productId, body.merchantId, {
          approvalStatus: 'rejected',
          approvedBy: auth.userId,
          approvedAt: null,
          rejectionReason: body.reason,
        });
        await tellOfProduct(tx, productRef(product), 'product.decided', deps.now(), {
          decision: 'rejected',
          reason: body.reason,
        });
        const merchant = await findUserById(tx, merchantId);
        if (merchant) {
          await deps.mailer.send(tx, {
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
    },
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
