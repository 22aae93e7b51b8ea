import { createGiftCardsModule } from '../../modules/gift-cards/index.js';
import { defineModule } from '../registry.js';
import { payments } from './payments.js';

export const giftCards = defineModule('gift cards', ({ deps, use }) =>
  createGiftCardsModule(deps, { payments: use(payments).service }),
);
