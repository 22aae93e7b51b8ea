import { reviewEndpoints } from '@market/contracts';
import { cached, type RouteDefinition, route, storeActor } from '../../platform/http/routes.js';
import type { RateLimits } from '../../platform/security/rate-limits.js';
import type { ReviewsService } from './reviews.service.js';

export function reviewsRoutes(reviews: ReviewsService, rateLimits: RateLimits): RouteDefinition[] {
  return [
    // Public lists are kept in the catalog cache: every successful write (a review, a hide) invalidates it.
    cached(
      route(reviewEndpoints.productReviews, async ({ params, query }) => ({
        message: 'Reviews',
        data: await reviews.productReviews(params.productId, query),
      })),
    ),
    cached(
      route(reviewEndpoints.storeReviews, async ({ params, query }) => ({
        message: 'Reviews',
        data: await reviews.storeReviews(params.storeId, query),
      })),
    ),
    route(reviewEndpoints.reviewProduct, async ({ auth, body, ip }) => {
      await rateLimits.consume('review', { ip, account: auth.userId });
      return { message: 'Thank you for your review', data: await reviews.reviewProduct(auth.userId, body) };
    }),
    route(reviewEndpoints.reviewStore, async ({ auth, body, ip }) => {
      await rateLimits.consume('review', { ip, account: auth.userId });
      return { message: 'Thank you for your review', data: await reviews.reviewStore(auth.userId, body) };
    }),
    route(reviewEndpoints.mine, async ({ auth, query }) => ({
      message: 'Your reviews',
      data: await reviews.mine(auth.userId, query),
    })),
    route(reviewEndpoints.storeInbox, async ({ auth, query }) => ({
      message: 'Reviews',
      data: await reviews.storeInbox(storeActor(auth), query),
    })),
    route(reviewEndpoints.reply, async ({ auth, params, body }) => ({
      message: 'Reply saved',
      data: await reviews.reply(storeActor(auth), params.id, body.reply),
    })),
    route(reviewEndpoints.adminList, async ({ query }) => ({
      message: 'Reviews',
      data: await reviews.adminList(query),
    })),
    route(reviewEndpoints.hide, async ({ auth, params, body }) => ({
      message: 'Review hidden',
      data: await reviews.hide(auth.userId, params.id, body.reason),
    })),
    route(reviewEndpoints.unhide, async ({ auth, params }) => ({
      message: 'Review shown again',
      data: await reviews.unhide(auth.userId, params.id),
    })),
  ];
}
