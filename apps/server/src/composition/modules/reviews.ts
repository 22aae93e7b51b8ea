import { createReviewsModule } from '../../modules/reviews/index.js';
import { defineModule } from '../registry.js';
import { orders } from './orders.js';

export const reviews = defineModule('reviews', ({ deps, use }) =>
  createReviewsModule(deps, {
    receivedProduct: use(orders).service.receivedProduct,
    receivedFromStore: use(orders).service.receivedFromStore,
  }),
);
