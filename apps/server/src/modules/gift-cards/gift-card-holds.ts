import { and, asc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { prepared } from '../../platform/db/prepared.js';
import { writeActivity } from './gift-card-status.js';
import {
  customerAppliedGiftCards,
  giftCardActivities,
  giftCardHolds,
  giftCards,
} from './gift-cards.schema.js';

// The balance-hold ledger checkout uses: a checkout holds card balances while the payer pays, then confirms
// (redeems) or releases them. Each function runs in the caller's transaction.

export interface HoldInput {
  trackerId: string;
  customerId: string;
  cardIds: string[];
  amountKobo: number;
}

export interface HoldResult {
  heldKobo: number;
  holds: { cardId: string; amountKobo: number }[];
}

export interface AppliedGiftCardBalance {
  id: string;
  last4: string;
  balanceKobo: number;
  appliedAt: Date;
}

// ---------- balances: the functions checkout calls ----------

/**
 * Takes up to amountKobo from the cards, card by card in the order given, and records each take as a hold of the
 * checkout (tracker). The cards are locked first, in id order (no deadlock between two checkouts), so each take
 * reads the balance another checkout left; the update re-checks it and the database refuses a negative balance.
 * Calling it again for the same tracker answers the holds already taken.
 */
export async function holdBalances(executor: Db, input: HoldInput): Promise<HoldResult> {
  return executor.transaction(async (tx) => {
    const existing = await tx
      .select({ cardId: giftCardHolds.giftCardId, amountKobo: giftCardHolds.amountKobo })
      .from(giftCardHolds)
      .where(eq(giftCardHolds.trackerId, input.trackerId))
      .orderBy(asc(giftCardHolds.createdAt));
    if (existing.length > 0)
      return { heldKobo: existing.reduce((total, hold) => total + hold.amountKobo, 0), holds: existing };
    const cardIds = [...new Set(input.cardIds)];
    if (cardIds.length === 0 || input.amountKobo <= 0) return { heldKobo: 0, holds: [] };
    // Only paid cards the customer bought or applied with the code may be spent by them.
    const locked = await tx
      .select({ id: giftCards.id, balanceKobo: giftCards.balanceKobo })
      .from(giftCards)
      .where(
        and(
          inArray(giftCards.id, cardIds),
          eq(giftCards.status, 'active'),
          or(
            eq(giftCards.purchaserId, input.customerId),
            sql`exists (select 1 from ${customerAppliedGiftCards} where ${customerAppliedGiftCards.giftCardId} = ${giftCards.id} and ${customerAppliedGiftCards.customerId} = ${input.customerId})`,
          ),
        ),
      )
      .orderBy(asc(giftCards.id))
      .for('update');
    const balances = new Map(locked.map((card) => [card.id, card.balanceKobo]));
    let remaining = input.amountKobo;
    const holds: HoldResult['holds'] = [];
    for (const cardId of cardIds) {
      const balance = balances.get(cardId);
      if (remaining === 0) break;
      if (balance === undefined || balance <= 0) continue;
      const take = Math.min(balance, remaining);
      const [updated] = await tx
        .update(giftCards)
        .set({ balanceKobo: sql`${giftCards.balanceKobo} - ${take}`, updatedAt: new Date() })
        .where(and(eq(giftCards.id, cardId), gte(giftCards.balanceKobo, take)))
        .returning({ balanceKobo: giftCards.balanceKobo });
      if (!updated) continue;
      await tx.insert(giftCardHolds).values({
        giftCardId: cardId,
        trackerId: input.trackerId,
        customerId: input.customerId,
        amountKobo: take,
      });
      await writeActivity(tx, {
        giftCardId: cardId,
        type: 'hold',
        amountKobo: take,
        balanceAfterKobo: updated.balanceKobo,
        trackerId: input.trackerId,
        customerId: input.customerId,
      });
      holds.push({ cardId, amountKobo: take });
      remaining -= take;
    }
    return { heldKobo: input.amountKobo - remaining, holds };
  });
}

/** The checkout was not paid (failed, expired, cancelled): what it held goes back to the cards. Idempotent. */
export async function releaseHolds(executor: Db, trackerId: string): Promise<{ releasedKobo: number }> {
  return executor.transaction(async (tx) => {
    // Flipping the holds first makes a second call (or a concurrent one) find nothing to give back.
    const released = await tx
      .update(giftCardHolds)
      .set({ status: 'released', settledAt: new Date() })
      .where(and(eq(giftCardHolds.trackerId, trackerId), eq(giftCardHolds.status, 'held')))
      .returning({
        cardId: giftCardHolds.giftCardId,
        amountKobo: giftCardHolds.amountKobo,
        customerId: giftCardHolds.customerId,
      });
    released.sort((a, b) => a.cardId.localeCompare(b.cardId));
    for (const hold of released) {
      const [card] = await tx
        .update(giftCards)
        .set({ balanceKobo: sql`${giftCards.balanceKobo} + ${hold.amountKobo}`, updatedAt: new Date() })
        .where(eq(giftCards.id, hold.cardId))
        .returning({ balanceKobo: giftCards.balanceKobo });
      await writeActivity(tx, {
        giftCardId: hold.cardId,
        type: 'release',
        amountKobo: hold.amountKobo,
        balanceAfterKobo: card!.balanceKobo,
        trackerId,
        customerId: hold.customerId,
      });
    }
    return { releasedKobo: released.reduce((total, hold) => total + hold.amountKobo, 0) };
  });
}

/** The checkout was paid: its holds become redemptions (the balance was already taken). Idempotent. */
export async function confirmHolds(executor: Db, trackerId: string): Promise<{ redeemedKobo: number }> {
  return executor.transaction(async (tx) => {
    const confirmed = await tx
      .update(giftCardHolds)
      .set({ status: 'confirmed', settledAt: new Date() })
      .where(and(eq(giftCardHolds.trackerId, trackerId), eq(giftCardHolds.status, 'held')))
      .returning({
        cardId: giftCardHolds.giftCardId,
        amountKobo: giftCardHolds.amountKobo,
        customerId: giftCardHolds.customerId,
      });
    for (const hold of confirmed) {
      const [card] = await tx
        .select({ balanceKobo: giftCards.balanceKobo })
        .from(giftCards)
        .where(eq(giftCards.id, hold.cardId));
      await writeActivity(tx, {
        giftCardId: hold.cardId,
        type: 'redeem',
        amountKobo: hold.amountKobo,
        balanceAfterKobo: card!.balanceKobo,
        trackerId,
        customerId: hold.customerId,
      });
    }
    // A card spent in full no longer needs to sit on the cart.
    if (confirmed.length > 0) {
      const customerId = confirmed[0]!.customerId;
      await tx.delete(customerAppliedGiftCards).where(
        and(
          eq(customerAppliedGiftCards.customerId, customerId),
          inArray(
            customerAppliedGiftCards.giftCardId,
            tx
              .select({ id: giftCards.id })
              .from(giftCards)
              .where(
                and(
                  inArray(
                    giftCards.id,
                    confirmed.map((hold) => hold.cardId),
                  ),
                  eq(giftCards.balanceKobo, 0),
                ),
              ),
          ),
        ),
      );
    }
    return { redeemedKobo: confirmed.reduce((total, hold) => total + hold.amountKobo, 0) };
  });
}

/** The paid cards on the customer's cart, in the order applied (the order holdBalances should take them in). */
// Built once (ADR 033): every cart and checkout pricing reads the customer's cards.
const appliedCardsOf = prepared('gift_cards_applied', (db) =>
  db
    .select({
      id: giftCards.id,
      last4: giftCards.codeLast4,
      balanceKobo: giftCards.balanceKobo,
      appliedAt: customerAppliedGiftCards.appliedAt,
    })
    .from(customerAppliedGiftCards)
    .innerJoin(giftCards, eq(giftCards.id, customerAppliedGiftCards.giftCardId))
    .where(
      and(
        eq(customerAppliedGiftCards.customerId, sql.placeholder('customerId')),
        eq(giftCards.status, 'active'),
      ),
    )
    .orderBy(asc(customerAppliedGiftCards.appliedAt), asc(giftCards.id)),
);

export async function appliedGiftCards(executor: Db, customerId: string): Promise<AppliedGiftCardBalance[]> {
  return appliedCardsOf(executor, { customerId });
}

/**
 * A refund of a paid checkout gives gift-card money back to the cards that paid it (cancellation or return): up to
 * amountKobo, card by card in the order they were taken, never more than a card gave to this checkout. Runs in the
 * caller's transaction (the caller holds the checkout's row lock); answers what went back to which card.
 */
export async function refundToCards(
  executor: Db,
  trackerId: string,
  amountKobo: number,
): Promise<{ refundedKobo: number; cards: { cardId: string; amountKobo: number; activityId: string }[] }> {
  if (amountKobo <= 0) return { refundedKobo: 0, cards: [] };
  const holds = await executor
    .select()
    .from(giftCardHolds)
    .where(and(eq(giftCardHolds.trackerId, trackerId), eq(giftCardHolds.status, 'confirmed')))
    .orderBy(asc(giftCardHolds.createdAt), asc(giftCardHolds.giftCardId))
    .for('update');
  let remaining = amountKobo;
  const cards: { cardId: string; amountKobo: number; activityId: string }[] = [];
  for (const hold of holds) {
    if (remaining === 0) break;
    const give = Math.min(remaining, hold.amountKobo - hold.refundedKobo);
    if (give <= 0) continue;
    await executor
      .update(giftCardHolds)
      .set({ refundedKobo: sql`${giftCardHolds.refundedKobo} + ${give}` })
      .where(eq(giftCardHolds.id, hold.id));
    const [card] = await executor
      .update(giftCards)
      .set({ balanceKobo: sql`${giftCards.balanceKobo} + ${give}`, updatedAt: new Date() })
      .where(eq(giftCards.id, hold.giftCardId))
      .returning({ balanceKobo: giftCards.balanceKobo });
    const [activity] = await executor
      .insert(giftCardActivities)
      .values({
        giftCardId: hold.giftCardId,
        type: 'refund',
        amountKobo: give,
        balanceAfterKobo: card!.balanceKobo,
        trackerId,
        customerId: hold.customerId,
      })
      .returning({ id: giftCardActivities.id });
    cards.push({ cardId: hold.giftCardId, amountKobo: give, activityId: activity!.id });
    remaining -= give;
  }
  return { refundedKobo: amountKobo - remaining, cards };
}
