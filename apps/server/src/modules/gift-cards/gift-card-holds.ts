import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { parsedJson } from '../../platform/db/json-rows.js';
import { prepared, preparedSql, type ReadPart } from '../../platform/db/prepared.js';

const ph = sql.placeholder;

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
 * checkout (tracker) with its activity, in one statement (issue 32): the cards are locked first, in id order (no
 * deadlock between two checkouts), materialized, so each take is worked out from the balance another checkout left
 * (a locking read waits and reads the row as committed); the update re-checks it under that lock and the database
 * refuses a negative balance. A card takes what the cards before it left of the amount (a running sum).
 * Calling it again for the same tracker answers the holds already taken and takes nothing.
 */
const holdStatement = preparedSql<{ cardId: string; amountKobo: string | number; position: string | number }>(
  'gift_cards_hold',
  () => sql`
    with existing as (
      select ${giftCardHolds.giftCardId} as card_id, ${giftCardHolds.amountKobo} as amount_kobo
      from ${giftCardHolds} where ${giftCardHolds.trackerId} = ${ph('trackerId')}::text
    ),
    wanted as (
      select id, position from unnest(${ph('cardIds')}::uuid[]) with ordinality as w(id, position)
    ),
    locked as materialized (
      select ${giftCards.id} as id, ${giftCards.balanceKobo} as balance_kobo from ${giftCards}
      where ${giftCards.id} = any(${ph('cardIds')}::uuid[]) and ${giftCards.status} = 'active'
        and (${giftCards.purchaserId} = ${ph('customerId')}::uuid or exists (
          select 1 from ${customerAppliedGiftCards}
          where ${customerAppliedGiftCards.giftCardId} = ${giftCards.id}
            and ${customerAppliedGiftCards.customerId} = ${ph('customerId')}::uuid))
        and not exists (select 1 from existing)
      order by ${giftCards.id}
      for update
    ),
    takes as (
      select locked.id, wanted.position,
        least(locked.balance_kobo, greatest(0, ${ph('amountKobo')}::bigint - coalesce(sum(locked.balance_kobo)
          over (order by wanted.position rows between unbounded preceding and 1 preceding), 0))) as take
      from locked join wanted on wanted.id = locked.id
      where locked.balance_kobo > 0
    ),
    taken as (
      update ${giftCards} set balance_kobo = ${giftCards.balanceKobo} - takes.take, updated_at = now()
      from takes where ${giftCards.id} = takes.id and takes.take > 0 and ${giftCards.balanceKobo} >= takes.take
      returning ${giftCards.id} as id, takes.take, ${giftCards.balanceKobo} as balance_after, takes.position
    ),
    holds as (
      insert into ${giftCardHolds} (gift_card_id, tracker_id, customer_id, amount_kobo)
      select id, ${ph('trackerId')}::text, ${ph('customerId')}::uuid, take from taken
    ),
    activities as (
      insert into ${giftCardActivities} (gift_card_id, type, amount_kobo, balance_after_kobo, tracker_id, customer_id)
      select id, 'hold', take, balance_after, ${ph('trackerId')}::text, ${ph('customerId')}::uuid from taken
    )
    select card_id as "cardId", amount_kobo as "amountKobo", 0 as position from existing
    union all
    select id, take, position from taken`,
);

export async function holdBalances(executor: Db, input: HoldInput): Promise<HoldResult> {
  const cardIds = [...new Set(input.cardIds)];
  const rows = await holdStatement(executor, {
    trackerId: input.trackerId,
    customerId: input.customerId,
    // No card, or nothing to take: only the holds already taken are answered.
    cardIds: input.amountKobo > 0 ? cardIds : [],
    amountKobo: Math.max(0, input.amountKobo),
  });
  const holds = rows
    .sort((a, b) => Number(a.position) - Number(b.position))
    .map((row) => ({ cardId: row.cardId, amountKobo: Number(row.amountKobo) }));
  return { heldKobo: holds.reduce((total, hold) => total + hold.amountKobo, 0), holds };
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

/**
 * The checkout was paid: its holds become redemptions (the balance was already taken), each with its activity, and
 * a card spent in full leaves the cart; one statement (issue 32). Idempotent.
 */
const confirmStatement = preparedSql<{ redeemedKobo: string | number }>(
  'gift_cards_confirm_holds',
  () => sql`
    with confirmed as (
      update ${giftCardHolds} set status = 'confirmed', settled_at = now()
      where ${giftCardHolds.trackerId} = ${ph('trackerId')}::text and ${giftCardHolds.status} = 'held'
      returning gift_card_id, amount_kobo, customer_id
    ),
    activities as (
      insert into ${giftCardActivities} (gift_card_id, type, amount_kobo, balance_after_kobo, tracker_id, customer_id)
      select confirmed.gift_card_id, 'redeem', confirmed.amount_kobo, ${giftCards.balanceKobo},
        ${ph('trackerId')}::text, confirmed.customer_id
      from confirmed join ${giftCards} on ${giftCards.id} = confirmed.gift_card_id
    ),
    spent as (
      delete from ${customerAppliedGiftCards} using confirmed, ${giftCards}
      where ${customerAppliedGiftCards.customerId} = confirmed.customer_id
        and ${customerAppliedGiftCards.giftCardId} = confirmed.gift_card_id
        and ${giftCards.id} = confirmed.gift_card_id and ${giftCards.balanceKobo} = 0
    )
    select coalesce(sum(amount_kobo), 0) as "redeemedKobo" from confirmed`,
);

export async function confirmHolds(executor: Db, trackerId: string): Promise<{ redeemedKobo: number }> {
  const [row] = await confirmStatement(executor, { trackerId });
  return { redeemedKobo: Number(row?.redeemedKobo ?? 0) };
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

/** `appliedGiftCards` as a part of a read of several modules (`readTogether`, ADR 087). */
export function appliedGiftCardsPart(customerId: string): ReadPart<AppliedGiftCardBalance[]> {
  return {
    name: 'gift_cards_applied',
    sql: () => sql`
      select coalesce(json_agg(json_build_array(${giftCards.id}, ${giftCards.codeLast4}, ${giftCards.balanceKobo}, ${customerAppliedGiftCards.appliedAt})
        order by ${customerAppliedGiftCards.appliedAt}, ${giftCards.id}), '[]')
      from ${customerAppliedGiftCards}
      join ${giftCards} on ${giftCards.id} = ${customerAppliedGiftCards.giftCardId}
      where ${customerAppliedGiftCards.customerId} = ${ph('customerId')}::uuid and ${giftCards.status} = 'active'`,
    values: { customerId },
    decode: (json) =>
      parsedJson<[string, string, number | string, string][]>(json).map(
        ([id, last4, balance, appliedAt]) => ({
          id,
          last4,
          balanceKobo: Number(balance),
          appliedAt: new Date(appliedAt),
        }),
      ),
  };
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
