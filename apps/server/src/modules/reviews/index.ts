import type { Deps } from '../../platform/deps.js';
import type { ServerModule } from '../../platform/http/module.js';
import { reviewsRoutes } from './reviews.routes.js';
import { createReviewsService, type ReviewsService } from './reviews.service.js';

export { anonymiseReviews, reviewsForExport } from './personal-data.js';

export type { ReviewsService } from './reviews.service.js';

/** Product and merchant reviews, replies, moderation, and the ratings computed from them (issue 9). */
export function createReviewsModule(deps: Deps): ServerModule<ReviewsService> {
  const service = createReviewsService(deps);
  return { service, routes: reviewsRoutes(service, deps.rateLimits) };
}
