import {
  type PublicReview,
  type PublicReviewsPage,
  REVIEW_DUPLICATE_PRODUCT,
  REVIEW_DUPLICATE_STORE,
  REVIEW_NOT_FOUND,
  REVIEW_NOT_RECEIVED_PRODUCT,
  REVIEW_NOT_RECEIVED_STORE,
  type Review,
  type ReviewKind,
  type ReviewsPage,
} from '@market/contracts';
import { bound } from '../../platform/bound.js';
import type { Db } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { pageInfo } from '../../platform/db/paging.js';
import type { Deps } from '../../platform/deps.js';
import { conflict, forbidden, notFound } from '../../platform/errors.js';
import type { StoreActor } from '../../platform/http/routes.js';
import { findAccountById } from '../auth/index.js';
import { loadProductsForSale, setProductRating } from '../catalog/index.js';
import { hasReceivedFromStore, hasReceivedProduct } from '../orders/index.js';
import { findStoreById, setStoreRating } from '../stores/index.js';
import type { RatingSubject } from './reviews.repository.js';
import * as repository from './reviews.repository.js';
import type { ReviewRow } from './reviews.schema.js';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function toPublic(row: ReviewRow): PublicReview {
  return {
    id: row.id,
    kind: row.kind,
    rating: row.rating,
    text: row.text,
    authorName: row.authorName,
    verifiedPurchase: true,
    reply: row.reply,
    repliedAt: iso(row.repliedAt),
    createdAt: row.createdAt.toISOString(),
  };
}

function toReview(row: ReviewRow): Review {
  return {
    ...toPublic(row),
    productId: row.productId,
    productName: row.productName,
    storeId: row.storeId,
    storeName: row.storeName,
    hidden: row.hiddenAt !== null,
    hiddenReason: row.hiddenReason,
    hiddenAt: iso(row.hiddenAt),
  };
}

function authorNameOf(user: { firstName: string; lastName: string }): string {
  const initial = user.lastName.trim().charAt(0).toUpperCase();
  return initial ? `${user.firstName.trim()} ${initial}.` : user.firstName.trim();
}

type Page = { page: number; limit: number };

/** What the reviews service's functions work with. */
interface ReviewsContext {
  deps: Deps;
  db: Db;
}

/** Recounts the subject's visible reviews and writes the result to the product or store, in `executor`. */
async function refreshRating(executor: Db, subject: RatingSubject) {
  const rating = await repository.ratingOf(executor, subject);
  if (subject.kind === 'product') await setProductRating(executor, subject.id, rating);
  else await setStoreRating(executor, subject.id, rating);
}

async function write(
  ctx: ReviewsContext,
  customerId: string,
  subject: RatingSubject,
  values: Omit<repository.NewReview, 'customerId' | 'authorName' | 'kind'>,
): Promise<Review> {
  const duplicate = subject.kind === 'product' ? REVIEW_DUPLICATE_PRODUCT : REVIEW_DUPLICATE_STORE;
  try {
    return await ctx.db.transaction(async (tx) => {
      // Waits for any other write to this subject's rating (see lockSubject), then reads afresh.
      await repository.lockSubject(tx, subject);
      if (await repository.findOwnReview(tx, customerId, subject)) throw conflict(duplicate);
      const author = await findAccountById(tx, customerId);
      if (!author) throw notFound('Account not found');
      const row = await repository.insertReview(tx, {
        ...values,
        kind: subject.kind,
        customerId,
        authorName: authorNameOf(author),
        createdAt: ctx.deps.now(),
        updatedAt: ctx.deps.now(),
      });
      await refreshRating(tx, subject);
      await ctx.deps.events.emit(tx, {
        kind: 'review.new',
        key: `review.new:${row.id}`,
        audience: [{ store: row.storeId, permission: 'reviews:reply' }],
        params: { rating: row.rating, subject: row.productName ?? row.storeName },
      });
      return toReview(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(duplicate);
    throw error;
  }
}

async function publicPage(
  ctx: ReviewsContext,
  subject: RatingSubject,
  page: Page,
): Promise<PublicReviewsPage> {
  const [summary, { rows, total }] = await Promise.all([
    repository.ratingOf(ctx.db, subject),
    repository.reviewPage(ctx.db, { subject, hidden: false }, page),
  ]);
  return { summary, reviews: rows.map(toPublic), pagination: pageInfo(page.page, page.limit, total) };
}

async function listed(
  ctx: ReviewsContext,
  filters: repository.ReviewFilters,
  page: Page,
): Promise<ReviewsPage> {
  const { rows, total } = await repository.reviewPage(ctx.db, filters, page);
  return { reviews: rows.map(toReview), pagination: pageInfo(page.page, page.limit, total) };
}

/** Hides or shows a review; its subject's rating follows in the same transaction. */
async function moderate(
  ctx: ReviewsContext,
  adminId: string,
  id: string,
  hidden: { reason: string } | null,
): Promise<Review> {
  const found = await repository.findReview(ctx.db, id);
  if (!found) throw notFound(REVIEW_NOT_FOUND);
  const subject = repository.subjectOf(found);
  return ctx.db.transaction(async (tx) => {
    await repository.lockSubject(tx, subject);
    const at = ctx.deps.now();
    const row = await repository.updateReview(
      tx,
      id,
      hidden
        ? { hiddenAt: at, hiddenBy: adminId, hiddenReason: hidden.reason, updatedAt: at }
        : { hiddenAt: null, hiddenBy: null, hiddenReason: null, updatedAt: at },
    );
    if (!row) throw notFound(REVIEW_NOT_FOUND);
    await refreshRating(tx, subject);
    return toReview(row);
  });
}

async function productReviews(
  ctx: ReviewsContext,
  productId: string,
  page: Page,
): Promise<PublicReviewsPage> {
  const [product] = await loadProductsForSale(ctx.db, [productId]);
  if (product?.approvalStatus !== 'approved' || !product.storeVisible) throw notFound('Product not found');
  return publicPage(ctx, { kind: 'product', id: productId }, page);
}

async function storeReviews(ctx: ReviewsContext, storeId: string, page: Page): Promise<PublicReviewsPage> {
  const store = await findStoreById(ctx.db, storeId);
  if (!store?.isVisible) throw notFound('Store not found');
  return publicPage(ctx, { kind: 'merchant', id: storeId }, page);
}

async function reviewProduct(
  ctx: ReviewsContext,
  customerId: string,
  body: { productId: string; rating: number; text: string },
): Promise<Review> {
  const [product] = await loadProductsForSale(ctx.db, [body.productId]);
  if (!product) throw notFound('Product not found');
  if (!(await hasReceivedProduct(ctx.db, customerId, product.id)))
    throw forbidden(REVIEW_NOT_RECEIVED_PRODUCT);
  return write(
    ctx,
    customerId,
    { kind: 'product', id: product.id },
    {
      productId: product.id,
      productName: product.name,
      storeId: product.storeId,
      storeName: product.storeName,
      rating: body.rating,
      text: body.text,
    },
  );
}

async function reviewStore(
  ctx: ReviewsContext,
  customerId: string,
  body: { storeId: string; rating: number; text: string },
): Promise<Review> {
  const store = await findStoreById(ctx.db, body.storeId);
  if (!store) throw notFound('Store not found');
  if (!(await hasReceivedFromStore(ctx.db, customerId, store.id))) throw forbidden(REVIEW_NOT_RECEIVED_STORE);
  return write(
    ctx,
    customerId,
    { kind: 'merchant', id: store.id },
    { storeId: store.id, storeName: store.storeName, rating: body.rating, text: body.text },
  );
}

/** The store answers a review of itself or of its products; the author is told by mail. */
async function reply(ctx: ReviewsContext, actor: StoreActor, id: string, reply: string): Promise<Review> {
  return ctx.db.transaction(async (tx) => {
    const found = await repository.findReview(tx, id);
    // Another store's review is "not found": its existence is not the caller's business.
    if (!found || found.storeId !== actor.storeId) throw notFound(REVIEW_NOT_FOUND);
    const at = ctx.deps.now();
    const row = await repository.updateReview(tx, id, {
      reply,
      repliedAt: at,
      repliedBy: actor.userId,
      updatedAt: at,
    });
    const author = await findAccountById(tx, found.customerId);
    if (author && !found.reply) {
      const about = found.productName ?? found.storeName;
      await ctx.deps.mailer.send(tx, {
        to: author.email,
        subject: `${found.storeName} replied to your review`,
        paragraphs: [
          `Hello ${author.firstName},`,
          `${found.storeName} replied to your review of ${about}:`,
          reply,
        ],
        action: {
          label: 'See the review',
          url: `${ctx.deps.config.publicUrl}${found.productId ? `/products/${found.productId}` : '/account/orders'}`,
        },
      });
    }
    return toReview(row!);
  });
}

/** Reviews of products and stores: named functions of a `ReviewsContext` (ADR 091, 102), bound here. */
export function createReviewsService(deps: Deps) {
  const ctx: ReviewsContext = { deps, db: deps.db };
  return {
    productReviews: bound(ctx, productReviews),
    storeReviews: bound(ctx, storeReviews),
    reviewProduct: bound(ctx, reviewProduct),
    reviewStore: bound(ctx, reviewStore),
    reply: bound(ctx, reply),
    mine: (customerId: string, page: Page) => listed(ctx, { customerId }, page),

    storeInbox: (actor: StoreActor, query: Page & { kind?: ReviewKind; unanswered?: 'true' | 'false' }) =>
      listed(
        ctx,
        { storeId: actor.storeId, kind: query.kind, unanswered: query.unanswered === 'true' },
        query,
      ),
    adminList: (query: Page & { kind?: ReviewKind; hidden?: 'true' | 'false' }) =>
      listed(
        ctx,
        { kind: query.kind, hidden: query.hidden === undefined ? undefined : query.hidden === 'true' },
        query,
      ),

    hide: (adminId: string, id: string, reason: string) => moderate(ctx, adminId, id, { reason }),
    unhide: (adminId: string, id: string) => moderate(ctx, adminId, id, null),
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
