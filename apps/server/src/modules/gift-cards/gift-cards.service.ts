import { bound } from '../../platform/bound.js';
import type { Deps } from '../../platform/deps.js';
import type { PaymentsService } from '../payments/index.js';
import { createGiftCardAdminService } from './gift-card-admin.service.js';
import { createCodeCipher } from './gift-card-codes.js';
import { appliedGiftCards, confirmHolds, holdBalances, releaseHolds } from './gift-card-holds.js';
import { applied, apply, recalculate, unapply } from './gift-cards.cart.js';
import type { GiftCardsContext } from './gift-cards.context.js';
import { giftCardPurpose, myCards, pay, purchase, status } from './gift-cards.purchase.js';

export { GIFT_CARD_PREFIX } from './gift-cards.context.js';

/**
 * Buying a gift card (through payments), the customer's cards and applying them to the cart. Named functions of a
 * `GiftCardsContext` (ADR 091, 105) in files by concern: the context and a card as its buyer sees it
 * (`gift-cards.context.ts`), buying and activating (`gift-cards.purchase.ts`), the cart's cards
 * (`gift-cards.cart.ts`); bound here. The admin reads and the hold ledger live in their own files; the service
 * hands them on so the routes see one gift-cards service.
 */
export function createGiftCardsService(deps: Deps, payments: PaymentsService) {
  const ctx: GiftCardsContext = {
    db: deps.db,
    deps,
    payments,
    cipher: createCodeCipher(deps.config.jwtSecret),
  };
  const admin = createGiftCardAdminService(deps);
  const purpose = giftCardPurpose(ctx);
  payments.registerPurpose(purpose);

  return {
    purpose,
    purchase: bound(ctx, purchase),
    pay: bound(ctx, pay),
    /** The card's state; a pending payment is first checked with the provider (the return path of the payer). */
    status: bound(ctx, status),
    myCards: bound(ctx, myCards),
    applied: bound(ctx, applied),
    apply: bound(ctx, apply),
    unapply: bound(ctx, unapply),
    /** What the applied cards cover of subtotal + shipping − discount; shipping is covered like items. */
    recalculate: bound(ctx, recalculate),
    ...admin,
    holdBalances,
    releaseHolds,
    confirmHolds,
    appliedGiftCards,
  };
}

export type GiftCardsService = ReturnType<typeof createGiftCardsService>;
