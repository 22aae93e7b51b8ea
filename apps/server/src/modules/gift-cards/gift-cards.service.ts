import {
  type adminGiftCardsQuery,
  formatNaira,
  type GiftCard,
  type GiftCardStatus,
  koboToNaira,
  type myCardsQuery,
  nairaToKobo,
  type PurchaseGiftCardBody,
} from '@market/contracts';
import { and, asc, count, desc, eq, gte, inArray, lt, or, type SQL, sql, sum } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { notFound, validation } from '../../platform/errors.js';
import type { PaymentPurpose } from '../../platform/payments/provider.js';
import { findUserById } from '../auth/auth.repository.js';
import { coverTotal, createCodeCipher, formatCode, generateCode, hashCode } from './gift-card-codes.js';
import {
  customerAppliedGiftCards,
  giftCardActivities,
  giftCardHolds,
  giftCardPayments,
  giftCards,
} from './gift-cards.schema.js';

export const GIFT_CARD_PREFIX = 'GFT';
const MAX_APPLIED_CARDS = 5;
const MAX_ANALYTICS_DAYS = 366;
const DAY_MS = 86_400_000;

type CardRow = typeof giftCards.$inferSelect;

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

function displayStatus(row: Pick<CardRow, 'status' | 'balanceKobo'>): GiftCardStatus {
  if (row.status === 'pending_payment') return 'pending_payment';
  return row.balanceKobo > 0 ? 'active' : 'used';
}

function statusCondition(status: GiftCardStatus): SQL {
  if (status === 'pending_payment') return eq(giftCards.status, 'pending_payment');
  return and(
    eq(giftCards.status, 'active'),
    status === 'active' ? sql`${giftCards.balanceKobo} > 0` : sql`${giftCards.balanceKobo} = 0`,
  )!;
}

function pageOf(page: number, limit: number, totalItems: number) {
  return { page, limit, totalItems, totalPages: Math.ceil(totalItems / limit) };
}

async function writeActivity(
  executor: Db,
  values: {
    giftCardId: string;
    type: 'purchase' | 'hold' | 'release' | 'redeem';
    amountKobo: number;
    balanceAfterKobo: number;
    trackerId?: string | null;
    customerId?: string | null;
  },
) {
  await executor.insert(giftCardActivities).values(values);
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
export async function appliedGiftCards(executor: Db, customerId: string): Promise<AppliedGiftCardBalance[]> {
  return executor
    .select({
      id: giftCards.id,
      last4: giftCards.codeLast4,
      balanceKobo: giftCards.balanceKobo,
      appliedAt: customerAppliedGiftCards.appliedAt,
    })
    .from(customerAppliedGiftCards)
    .innerJoin(giftCards, eq(giftCards.id, customerAppliedGiftCards.giftCardId))
    .where(and(eq(customerAppliedGiftCards.customerId, customerId), eq(giftCards.status, 'active')))
    .orderBy(asc(customerAppliedGiftCards.appliedAt), asc(giftCards.id));
}

// ---------- the service ----------

export function createGiftCardsService(deps: Deps) {
  const { db } = deps;
  const cipher = createCodeCipher(deps.config.jwtSecret);

  function present(row: CardRow): GiftCard {
    const paid = row.status !== 'pending_payment';
    return {
      id: row.id,
      amount: koboToNaira(row.amountKobo),
      balance: koboToNaira(row.balanceKobo),
      status: displayStatus(row),
      // The code is shown only once the card is paid for: before that it is worth nothing and must not leak.
      code: paid ? formatCode(cipher.decrypt(row.codeEncrypted)) : null,
      last4: row.codeLast4,
      recipientEmail: row.recipientEmail,
      recipientName: row.recipientName,
      message: row.message,
      paymentReference: row.paymentReference,
      activatedAt: row.activatedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async function ownCard(customerId: string, id: string): Promise<CardRow> {
    const [row] = await db
      .select()
      .from(giftCards)
      .where(and(eq(giftCards.id, id), eq(giftCards.purchaserId, customerId)))
      .limit(1);
    // Another customer's card answers as if it did not exist.
    if (!row) throw notFound('Gift card not found');
    return row;
  }

  /** Activates the card of a paid reference: balance = amount, a purchase activity, and the recipient's mail. */
  async function activate(executor: Db, reference: string): Promise<void> {
    const [payment] = await executor
      .select()
      .from(giftCardPayments)
      .where(eq(giftCardPayments.reference, reference));
    if (!payment) return;
    const [card] = await executor
      .select()
      .from(giftCards)
      .where(eq(giftCards.id, payment.giftCardId))
      .for('update');
    await executor
      .update(giftCardPayments)
      .set({ status: 'paid' })
      .where(eq(giftCardPayments.reference, reference));
    if (card?.status !== 'pending_payment') {
      // A second paid attempt for a card already paid: the money is recorded by payments; a refund is an admin's call.
      deps.logger.warn({ reference, giftCardId: payment.giftCardId }, 'gift card paid twice');
      return;
    }
    const now = deps.now();
    await executor
      .update(giftCards)
      .set({
        status: 'active',
        balanceKobo: card.amountKobo,
        activatedAt: now,
        paymentReference: reference,
        updatedAt: now,
      })
      .where(eq(giftCards.id, card.id));
    await writeActivity(executor, {
      giftCardId: card.id,
      type: 'purchase',
      amountKobo: card.amountKobo,
      balanceAfterKobo: card.amountKobo,
      trackerId: reference,
      customerId: card.purchaserId,
    });
    if (card.recipientEmail) {
      const purchaser = await findUserById(executor, card.purchaserId);
      const from = purchaser ? `${purchaser.firstName} ${purchaser.lastName}` : 'Someone';
      await deps.mailer.send(executor, {
        to: card.recipientEmail,
        subject: `${from} sent you a ${formatNaira(card.amountKobo)} Naija Market gift card`,
        paragraphs: [
          `Hello${card.recipientName ? ` ${card.recipientName}` : ''},`,
          `${from} sent you a Naija Market gift card worth ${formatNaira(card.amountKobo)}.`,
          ...(card.message ? [`Their message: “${card.message}”`] : []),
          `Your gift card code is ${formatCode(cipher.decrypt(card.codeEncrypted))}. Apply it in your cart at checkout; it covers items and shipping.`,
          'Keep this code private: anyone who has it can spend the balance.',
        ],
        action: { label: 'Start shopping', url: deps.config.publicUrl },
      });
    }
  }

  async function applied(customerId: string) {
    return (await appliedGiftCards(db, customerId)).map((card) => ({
      id: card.id,
      last4: card.last4,
      balance: koboToNaira(card.balanceKobo),
      appliedAt: card.appliedAt.toISOString(),
    }));
  }

  const purpose: PaymentPurpose = {
    prefix: GIFT_CARD_PREFIX,
    async expectedAmountKobo(executor, reference) {
      const [payment] = await executor
        .select({ amountKobo: giftCardPayments.amountKobo })
        .from(giftCardPayments)
        .where(eq(giftCardPayments.reference, reference));
      return payment?.amountKobo;
    },
    onPaid: (executor, reference) => activate(executor, reference),
    async onFailed(executor, reference) {
      // The card stays pending_payment: the purchaser can try paying again with a new reference.
      await executor
        .update(giftCardPayments)
        .set({ status: 'failed' })
        .where(and(eq(giftCardPayments.reference, reference), eq(giftCardPayments.status, 'pending')));
    },
  };
  deps.payments.registerPurpose(purpose);

  return {
    purpose,

    async purchase(customerId: string, body: PurchaseGiftCardBody): Promise<GiftCard> {
      const code = generateCode();
      const [row] = await db
        .insert(giftCards)
        .values({
          purchaserId: customerId,
          codeHash: hashCode(code),
          codeLast4: code.slice(-4),
          codeEncrypted: cipher.encrypt(code),
          amountKobo: nairaToKobo(body.amount),
          recipientEmail: body.recipientEmail ?? null,
          recipientName: body.recipientName ?? null,
          message: body.message ?? null,
        })
        .returning();
      return present(row!);
    },

    async pay(customerId: string, giftCardId: string) {
      const card = await ownCard(customerId, giftCardId);
      if (card.status !== 'pending_payment')
        throw validation('giftCardId', 'This gift card is already paid for');
      const purchaser = await findUserById(db, customerId);
      if (!purchaser) throw notFound('Account not found');
      const reference = deps.payments.newReference(GIFT_CARD_PREFIX);
      await db.transaction(async (tx) => {
        await tx
          .insert(giftCardPayments)
          .values({ reference, giftCardId: card.id, amountKobo: card.amountKobo });
        await tx
          .update(giftCards)
          .set({ paymentReference: reference, updatedAt: deps.now() })
          .where(eq(giftCards.id, card.id));
      });
      return deps.payments.start(db, {
        reference,
        amountKobo: card.amountKobo,
        email: purchaser.email,
        callbackPath: '/customer/gift-cards',
        metadata: { purpose: 'gift-card', giftCardId: card.id },
        customerId,
      });
    },

    /** The card's state; a pending payment is first checked with the provider (the return path of the payer). */
    async status(customerId: string, query: { reference?: string; id?: string }): Promise<GiftCard> {
      let card: CardRow;
      let reference = query.reference;
      if (query.id) card = await ownCard(customerId, query.id);
      else {
        const [payment] = await db
          .select({ giftCardId: giftCardPayments.giftCardId })
          .from(giftCardPayments)
          .where(eq(giftCardPayments.reference, query.reference!));
        if (!payment) throw notFound('Gift card not found');
        card = await ownCard(customerId, payment.giftCardId);
      }
      reference ??= card.paymentReference ?? undefined;
      if (card.status === 'pending_payment' && reference) {
        try {
          await deps.payments.settleFor(customerId, reference);
        } catch (error) {
          // The provider being slow or down must not hide the card; the webhook settles it later.
          deps.logger.warn({ err: error, reference }, 'gift card payment check failed');
        }
        card = await ownCard(customerId, card.id);
      }
      return present(card);
    },

    async myCards(customerId: string, query: z.output<typeof myCardsQuery>) {
      const where = and(
        eq(giftCards.purchaserId, customerId),
        query.status ? statusCondition(query.status) : undefined,
      );
      const direction = query.order.toUpperCase() === 'ASC' ? asc : desc;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(giftCards)
          .where(where)
          .orderBy(direction(giftCards.createdAt), direction(giftCards.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ value: count() }).from(giftCards).where(where),
      ]);
      return { cards: rows.map(present), pagination: pageOf(query.page, query.limit, total?.value ?? 0) };
    },

    applied,

    async apply(customerId: string, code: string) {
      const [card] = await db
        .select()
        .from(giftCards)
        .where(eq(giftCards.codeHash, hashCode(code)))
        .limit(1);
      if (card?.status !== 'active') throw validation('code', 'This gift card code is not valid');
      if (card.balanceKobo <= 0) throw validation('code', 'This gift card has no balance left');
      const current = await appliedGiftCards(db, customerId);
      if (!current.some((entry) => entry.id === card.id) && current.length >= MAX_APPLIED_CARDS)
        throw validation('code', `You can apply at most ${MAX_APPLIED_CARDS} gift cards`);
      await db
        .insert(customerAppliedGiftCards)
        .values({ customerId, giftCardId: card.id })
        .onConflictDoNothing();
      return applied(customerId);
    },

    async unapply(customerId: string, giftCardId: string) {
      const removed = await db
        .delete(customerAppliedGiftCards)
        .where(
          and(
            eq(customerAppliedGiftCards.customerId, customerId),
            eq(customerAppliedGiftCards.giftCardId, giftCardId),
          ),
        )
        .returning({ id: customerAppliedGiftCards.giftCardId });
      if (removed.length === 0) throw notFound('This gift card is not applied to your cart');
    },

    /** What the applied cards cover of subtotal + shipping − discount; shipping is covered like items. */
    async recalculate(
      customerId: string,
      query: { subtotal: number; shippingFee: number; discount: number },
    ) {
      const totalKobo = Math.max(
        0,
        nairaToKobo(query.subtotal) + nairaToKobo(query.shippingFee) - nairaToKobo(query.discount),
      );
      const { cards, coveredKobo } = coverTotal(await appliedGiftCards(db, customerId), totalKobo);
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
    },

    // ---------- admins ----------

    async adminList(query: z.output<typeof adminGiftCardsQuery>) {
      const conditions: SQL[] = [];
      if (query.startDate)
        conditions.push(gte(giftCards.createdAt, new Date(`${query.startDate}T00:00:00Z`)));
      if (query.endDate)
        conditions.push(
          lt(giftCards.createdAt, new Date(new Date(`${query.endDate}T00:00:00Z`).getTime() + DAY_MS)),
        );
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const column = {
        createdAt: giftCards.createdAt,
        amount: giftCards.amountKobo,
        balance: giftCards.balanceKobo,
      }[query.sortBy];
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(giftCards)
          .where(where)
          .orderBy(desc(column), desc(giftCards.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ value: count() }).from(giftCards).where(where),
      ]);
      return {
        cards: rows.map((row) => ({
          id: row.id,
          purchaserId: row.purchaserId,
          amount: koboToNaira(row.amountKobo),
          balance: koboToNaira(row.balanceKobo),
          status: displayStatus(row),
          last4: row.codeLast4,
          recipientEmail: row.recipientEmail,
          recipientName: row.recipientName,
          message: row.message,
          paymentReference: row.paymentReference,
          activatedAt: row.activatedAt?.toISOString() ?? null,
          createdAt: row.createdAt.toISOString(),
        })),
        pagination: pageOf(query.page, query.limit, total?.value ?? 0),
      };
    },

    async activities(query: { page: number; limit: number }) {
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: giftCardActivities.id,
            giftCardId: giftCardActivities.giftCardId,
            last4: giftCards.codeLast4,
            type: giftCardActivities.type,
            amountKobo: giftCardActivities.amountKobo,
            balanceAfterKobo: giftCardActivities.balanceAfterKobo,
            trackerId: giftCardActivities.trackerId,
            customerId: giftCardActivities.customerId,
            createdAt: giftCardActivities.createdAt,
          })
          .from(giftCardActivities)
          .innerJoin(giftCards, eq(giftCards.id, giftCardActivities.giftCardId))
          .orderBy(desc(giftCardActivities.createdAt), desc(giftCardActivities.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ value: count() }).from(giftCardActivities),
      ]);
      return {
        activities: rows.map((row) => ({
          id: row.id,
          giftCardId: row.giftCardId,
          last4: row.last4,
          type: row.type,
          amount: koboToNaira(row.amountKobo),
          balanceAfter: koboToNaira(row.balanceAfterKobo),
          trackerId: row.trackerId,
          customerId: row.customerId,
          createdAt: row.createdAt.toISOString(),
        })),
        pagination: pageOf(query.page, query.limit, total?.value ?? 0),
      };
    },

    /** Sold (purchase activities) and redeemed (redeem activities) per UTC day, and what is outstanding now. */
    async analytics(query: { startDate: string; endDate: string }) {
      const start = new Date(`${query.startDate}T00:00:00Z`);
      const end = new Date(new Date(`${query.endDate}T00:00:00Z`).getTime() + DAY_MS);
      const days = Math.round((end.getTime() - start.getTime()) / DAY_MS);
      if (days < 1) throw validation('endDate', 'The end date cannot be before the start date');
      if (days > MAX_ANALYTICS_DAYS) throw validation('endDate', `Choose at most ${MAX_ANALYTICS_DAYS} days`);
      const day = sql<string>`to_char(${giftCardActivities.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
      const rows = await db
        .select({
          day,
          type: giftCardActivities.type,
          count: count(),
          amountKobo: sql<string>`coalesce(sum(${giftCardActivities.amountKobo}), 0)`,
        })
        .from(giftCardActivities)
        .where(
          and(
            inArray(giftCardActivities.type, ['purchase', 'redeem']),
            gte(giftCardActivities.createdAt, start),
            lt(giftCardActivities.createdAt, end),
          ),
        )
        .groupBy(day, giftCardActivities.type);
      const [balances] = await db
        .select({ value: sum(giftCards.balanceKobo) })
        .from(giftCards)
        .where(eq(giftCards.status, 'active'));
      const [held] = await db
        .select({ value: sum(giftCardHolds.amountKobo) })
        .from(giftCardHolds)
        .where(eq(giftCardHolds.status, 'held'));
      const byDay = Array.from({ length: days }, (_, index) => ({
        date: new Date(start.getTime() + index * DAY_MS).toISOString().slice(0, 10),
        soldCount: 0,
        soldKobo: 0,
        redeemedKobo: 0,
      }));
      const index = new Map(byDay.map((entry) => [entry.date, entry]));
      for (const row of rows) {
        const entry = index.get(row.day);
        if (!entry) continue;
        if (row.type === 'purchase') {
          entry.soldCount += row.count;
          entry.soldKobo += Number(row.amountKobo);
        } else entry.redeemedKobo += Number(row.amountKobo);
      }
      const soldKobo = byDay.reduce((total, entry) => total + entry.soldKobo, 0);
      const redeemedKobo = byDay.reduce((total, entry) => total + entry.redeemedKobo, 0);
      return {
        startDate: query.startDate,
        endDate: query.endDate,
        soldCount: byDay.reduce((total, entry) => total + entry.soldCount, 0),
        soldAmount: koboToNaira(soldKobo),
        redeemedAmount: koboToNaira(redeemedKobo),
        outstandingBalance: koboToNaira(Number(balances?.value ?? 0) + Number(held?.value ?? 0)),
        byDay: byDay.map((entry) => ({
          date: entry.date,
          soldCount: entry.soldCount,
          soldAmount: koboToNaira(entry.soldKobo),
          redeemedAmount: koboToNaira(entry.redeemedKobo),
        })),
      };
    },

    holdBalances,
    releaseHolds,
    confirmHolds,
    appliedGiftCards,
  };
}

export type GiftCardsService = ReturnType<typeof createGiftCardsService>;
