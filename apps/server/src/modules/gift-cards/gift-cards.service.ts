import {
  formatNaira,
  type GiftCard,
  koboToNaira,
  type myCardsQuery,
  nairaToKobo,
  type PurchaseGiftCardBody,
} from '@market/contracts';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { notFound, validation } from '../../platform/errors.js';
import { findUserById } from '../auth/index.js';
import type { PaymentPurpose, PaymentsService } from '../payments/index.js';
import { createGiftCardAdminService } from './gift-card-admin.service.js';
import { coverTotal, createCodeCipher, formatCode, generateCode, hashCode } from './gift-card-codes.js';
import { appliedGiftCards, confirmHolds, holdBalances, releaseHolds } from './gift-card-holds.js';
import { type CardRow, displayStatus, pageOf, statusCondition, writeActivity } from './gift-card-status.js';
import { customerAppliedGiftCards, giftCardPayments, giftCards } from './gift-cards.schema.js';

export const GIFT_CARD_PREFIX = 'GFT';
const MAX_APPLIED_CARDS = 5;

/**
 * Buying a gift card (through payments), the customer's cards and applying them to the cart. The admin reads and the
 * hold ledger live in their own files; the service hands them on so the routes see one gift-cards service.
 */
export function createGiftCardsService(deps: Deps, payments: PaymentsService) {
  const { db } = deps;
  const admin = createGiftCardAdminService(deps);
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
  payments.registerPurpose(purpose);

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
      const reference = payments.newReference(GIFT_CARD_PREFIX);
      await db.transaction(async (tx) => {
        await tx
          .insert(giftCardPayments)
          .values({ reference, giftCardId: card.id, amountKobo: card.amountKobo });
        await tx
          .update(giftCards)
          .set({ paymentReference: reference, updatedAt: deps.now() })
          .where(eq(giftCards.id, card.id));
      });
      return payments.start(db, {
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
          await payments.settleFor(customerId, reference);
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

    ...admin,
    holdBalances,
    releaseHolds,
    confirmHolds,
    appliedGiftCards,
  };
}

export type GiftCardsService = ReturnType<typeof createGiftCardsService>;
