import type { Deps } from '../../platform/deps.js';
import type { ServerModule } from '../../platform/http/module.js';
import type { PaymentsService } from '../payments/index.js';
import { giftCardsRoutes } from './gift-cards.routes.js';
import { createGiftCardsService, type GiftCardsService } from './gift-cards.service.js';

export {
  type AppliedGiftCardBalance,
  appliedGiftCards,
  appliedGiftCardsPart,
  confirmHolds,
  type HoldInput,
  type HoldResult,
  holdBalances,
  refundToCards,
  releaseHolds,
} from './gift-card-holds.js';
export type { GiftCardsService } from './gift-cards.service.js';

/** Gift cards: bought through payments, applied by customers, held and redeemed by checkout. */
export function createGiftCardsModule(
  deps: Deps,
  needs: { payments: PaymentsService },
): ServerModule<GiftCardsService> {
  const service = createGiftCardsService(deps, needs.payments);
  return { service, routes: giftCardsRoutes(service) };
}
