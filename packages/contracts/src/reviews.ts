import { z } from 'zod';
import { access } from './access.js';
import { isoDateTime, uuid } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { envelope, pageQuery, pagination } from './envelope.js';

// Product and merchant (store) reviews of issue 9. A customer reviews what they received: a product of one of
// their delivered or completed orders, or a store that delivered one to them. One review per customer per product
// and per store. Ratings and counts shown on cards, product pages and storefronts are computed from visible reviews.

export const reviewKinds = ['product', 'merchant'] as const;
export type ReviewKind = (typeof reviewKinds)[number];

export const REVIEW_NOT_RECEIVED_PRODUCT =
  'You can review a product only after an order containing it has been delivered to you';
export const REVIEW_NOT_RECEIVED_STORE =
  'You can review a store only after one of its orders has been delivered to you';
export const REVIEW_DUPLICATE_PRODUCT = 'You have already reviewed this product';
export const REVIEW_DUPLICATE_STORE = 'You have already reviewed this store';
export const REVIEW_NOT_FOUND = 'Review not found';

export const reviewRating = z
  .number({ error: 'Choose a rating from 1 to 5' })
  .int('Choose a rating from 1 to 5')
  .min(1, 'Choose a rating from 1 to 5')
  .max(5, 'Choose a rating from 1 to 5');

export const reviewText = z
  .string({ error: 'Write a few words about it' })
  .trim()
  .min(3, 'Write at least 3 characters')
  .max(2000, 'At most 2000 characters');

export const productReviewBody = z.object({ productId: uuid, rating: reviewRating, text: reviewText });
export type ProductReviewBody = z.input<typeof productReviewBody>;
export const merchantReviewBody = z.object({ storeId: uuid, rating: reviewRating, text: reviewText });
export type MerchantReviewBody = z.input<typeof merchantReviewBody>;

export const reviewReplyBody = z.object({
  reply: z
    .string({ error: 'Write a reply' })
    .trim()
    .min(1, 'Write a reply')
    .max(2000, 'At most 2000 characters'),
});
export type ReviewReplyBody = z.input<typeof reviewReplyBody>;

export const hideReviewBody = z.object({
  reason: z.string().trim().min(3, 'Say why in at least 3 characters').max(500, 'At most 500 characters'),
});

/** What everyone sees of a visible review: the author's first name and initial only. */
export const publicReview = z.object({
  id: z.string(),
  kind: z.enum(reviewKinds),
  rating: z.number().int(),
  text: z.string(),
  authorName: z.string(),
  verifiedPurchase: z.literal(true),
  reply: z.string().nullable(),
  repliedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type PublicReview = z.infer<typeof publicReview>;

/** What the author, the store and admins see: the subject and the moderation state too. */
export const review = publicReview.extend({
  productId: z.string().nullable(),
  productName: z.string().nullable(),
  storeId: z.string(),
  storeName: z.string(),
  hidden: z.boolean(),
  hiddenReason: z.string().nullable(),
  hiddenAt: isoDateTime.nullable(),
});
export type Review = z.infer<typeof review>;

export const ratingSummary = z.object({
  /** Average of visible reviews, 2 decimals; 0 without reviews. */
  average: z.number(),
  count: z.number().int(),
  /** How many visible reviews gave 1, 2, 3, 4 and 5 stars (index 0 is one star). */
  breakdown: z.array(z.number().int()).length(5),
});
export type RatingSummary = z.infer<typeof ratingSummary>;

export const publicReviewsPage = z.object({
  summary: ratingSummary,
  reviews: z.array(publicReview),
  pagination,
});
export type PublicReviewsPage = z.infer<typeof publicReviewsPage>;

export const reviewsPage = z.object({ reviews: z.array(review), pagination });
export type ReviewsPage = z.infer<typeof reviewsPage>;

export const staffReviewsQuery = pageQuery.extend({
  kind: z.enum(reviewKinds).optional(),
  /** Merchants: only reviews without a reply yet. */
  unanswered: z.enum(['true', 'false']).optional(),
});
export const adminReviewsQuery = pageQuery.extend({
  kind: z.enum(reviewKinds).optional(),
  hidden: z.enum(['true', 'false']).optional(),
});

const tags = ['Reviews'];

export const reviewEndpoints = {
  productReviews: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/reviews/product/:productId',
    summary: "A product's visible reviews, newest first, with its rating summary",
    tags,
    access: access.public,
    params: z.object({ productId: uuid }),
    query: pageQuery,
    response: envelope(publicReviewsPage),
  }),
  storeReviews: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/reviews/merchant/:storeId',
    summary: "A store's visible merchant reviews, newest first, with its rating summary",
    tags,
    access: access.public,
    params: z.object({ storeId: uuid }),
    query: pageQuery,
    response: envelope(publicReviewsPage),
  }),
  reviewProduct: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/reviews/product',
    summary: 'Review a product delivered to you (once per product)',
    tags,
    access: access.customer,
    errors: [429],
    body: productReviewBody,
    response: envelope(review),
    status: 201,
  }),
  reviewStore: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/reviews/merchant',
    summary: 'Review a store that delivered an order to you (once per store)',
    tags,
    access: access.customer,
    errors: [429],
    body: merchantReviewBody,
    response: envelope(review),
    status: 201,
  }),
  mine: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/reviews/mine',
    summary: 'Your reviews, newest first',
    tags,
    access: access.customer,
    query: pageQuery,
    response: envelope(reviewsPage),
  }),
  storeInbox: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/reviews/store',
    summary: 'Reviews of your store and its products, newest first (hidden ones say so)',
    tags,
    access: access.merchant('reviews:reply'),
    query: staffReviewsQuery,
    response: envelope(reviewsPage),
  }),
  reply: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/reviews/store/:id/reply',
    summary: 'Reply to a review of your store or its products (a new reply replaces the old one)',
    tags,
    access: access.merchant('reviews:reply'),
    params: z.object({ id: uuid }),
    body: reviewReplyBody,
    response: envelope(review),
  }),
  adminList: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/reviews/admin',
    summary: 'Every review, newest first, for moderation',
    tags,
    access: access.admin('reviews:moderate'),
    query: adminReviewsQuery,
    response: envelope(reviewsPage),
  }),
  hide: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/reviews/admin/:id/hide',
    summary: 'Hide an abusive review: it leaves the public lists and the ratings',
    tags,
    access: access.admin('reviews:moderate'),
    params: z.object({ id: uuid }),
    body: hideReviewBody,
    response: envelope(review),
  }),
  unhide: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/reviews/admin/:id/unhide',
    summary: 'Show a hidden review again: it counts in the ratings again',
    tags,
    access: access.admin('reviews:moderate'),
    params: z.object({ id: uuid }),
    response: envelope(review),
  }),
};
