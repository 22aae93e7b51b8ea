import { createReviewsModule } from '../../modules/reviews/index.js';
import { defineModule } from '../registry.js';

export const reviews = defineModule('reviews', ({ deps }) => createReviewsModule(deps));
