import { koboToNaira, nairaToKobo } from '@market/contracts';
import { and, eq } from 'drizzle-orm';
import { notFound, validation } from '../../platform/errors.js';
import { coverTotal, hashCode } from './gift-card-codes.js';
import { appliedGiftCards } from './gift-card-holds.js';
import type { GiftCardsContext } from './gift-cards.context.js';
import { customerAppliedGiftCards, giftCards } from './gift-cards.schema.js';

// The gift cards a customer applied to the cart, and what they cover of it (ADR 091, 105).

const MAX_APPLIED_CARDS = 5;

export async function applied(ctx: GiftCardsContext, customerId: string) {
  return (await appliedGiftCards(ctx.db, customerId)).map((card) => ({
    id: card.id,
    last4: card.last4,
    balance: koboToNaira(card.balanceKobo),
    appliedAt: card.appliedAt.toISOString(),
  }));
}

export async function apply(ctx: GiftCardsContext, customerId: string, code: string) {
  const [card] = await ctx.db
    .select()
    .from(giftCards)
    .where(eq(giftCards.codeHash, hashCode(code)))
    .limit(1);
  if (card?.status !== 'active') throw validation('code', 'This gift card code is not valid');
  if (card.balanceKobo <= 0) throw validation('code', 'This gift card has no balance left');
  const current = await appliedGiftCards(ctx.db, customerId);
  if (!current.some((entry) => entry.id === card.id) && current.length >= MAX_APPLIED_CARDS)
    throw validation('code', `You can apply at most ${MAX_APPLIED_CARDS} gift cards`);
  await ctx.db
    .insert(customerAppliedGiftCards)
    .values({ customerId, giftCardId: card.id })
    .onConflictDoNothing();
  return applied(ctx, customerId);
}

export async function unapply(ctx: GiftCardsContext, customerId: string, giftCardId: string) {
  const removed = await ctx.db
    .delete(customerAppliedGiftCards)
    .where(
      and(
        eq(customerAppliedGiftCards.customerId, customerId),
        eq(customerAppliedGiftCards.giftCardId, giftCardId),
      ),
    )
    .returning({ id: customerAppliedGiftCards.giftCardId });
  if (removed.length === 0) throw notFound('This gift card is not applied to your cart');
}

/** What the applied cards cover of subtotal + shipping − discount; shipping is covered like items. */
export async function recalculate(
  ctx: GiftCardsContext,
  customerId: string,
  query: { subtotal: number; shippingFee: number; discount: number },
) {
  const totalKobo = Math.max(
    0,
    nairaToKobo(query.subtotal) + nairaToKobo(query.shippingFee) - nairaToKobo(query.discount),
  );
  const { cards, coveredKobo } = coverTotal(await appliedGiftCards(ctx.db, customerId), totalKobo);
  return {
    total: koboToNaira(totalKobo),
    giftCardDiscount: koboToNaira(coveredKobo),
    amountDue: koboToNaira(totalKobo - coveredKobo),
    cards: cards.map((card) => ({
      id: card.id,
      last4: card.last4,
      balance: koboToNaira(card.balanceKobo),
      covers: koboToNaira(card.coversKobo),
    })),
  };
}
