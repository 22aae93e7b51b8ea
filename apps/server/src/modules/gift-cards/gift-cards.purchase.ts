import {
  formatNaira,
  type GiftCard,
  type myCardsQuery,
  nairaToKobo,
  type PurchaseGiftCardBody,
} from '@market/contracts';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import { notFound, validation } from '../../platform/errors.js';
import { findAccountById } from '../auth/index.js';
import type { PaymentPurpose } from '../payments/index.js';
import { formatCode, generateCode, hashCode } from './gift-card-codes.js';
import { type CardRow, pageOf, statusCondition, writeActivity } from './gift-card-status.js';
import { GIFT_CARD_PREFIX, type GiftCardsContext, ownCard, present } from './gift-cards.context.js';
import { giftCardPayments, giftCards } from './gift-cards.schema.js';

// Buying a gift card through payments, its activation once paid, and the buyer's cards (ADR 091, 105).

/** Activates the card of a paid reference: balance = amount, a purchase activity, and the recipient's mail. */
export async function activate(ctx: GiftCardsContext, executor: Db, reference: string): Promise<void> {
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
    ctx.deps.logger.warn({ reference, giftCardId: payment.giftCardId }, 'gift card paid twice');
    return;
  }
  const now = ctx.deps.now();
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
    const purchaser = await findAccountById(executor, card.purchaserId);
    const from = purchaser ? `${purchaser.firstName} ${purchaser.lastName}` : 'Someone';
    await ctx.deps.mailer.send(executor, {
      to: card.recipientEmail,
      subject: `${from} sent you a ${formatNaira(card.amountKobo)} Naija Market gift card`,
      paragraphs: [
        `Hello${card.recipientName ? ` ${card.recipientName}` : ''},`,
        `${from} sent you a Naija Market gift card worth ${formatNaira(card.amountKobo)}.`,
        ...(card.message ? [`Their message: “${card.message}”`] : []),
        `Your gift card code is ${formatCode(ctx.cipher.decrypt(card.codeEncrypted))}. Apply it in your cart at checkout; it covers items and shipping.`,
        'Keep this code private: anyone who has it can spend the balance.',
      ],
      action: { label: 'Start shopping', url: ctx.deps.config.publicUrl },
    });
  }
}

/** How payments hear of a gift card's payment: its amount, and the card activated once paid. */
export function giftCardPurpose(ctx: GiftCardsContext): PaymentPurpose {
  return {
    prefix: GIFT_CARD_PREFIX,
    async expectedAmountKobo(executor, reference) {
      const [payment] = await executor
        .select({ amountKobo: giftCardPayments.amountKobo })
        .from(giftCardPayments)
        .where(eq(giftCardPayments.reference, reference));
      return payment?.amountKobo;
    },
    onPaid: (executor, reference) => activate(ctx, executor, reference),
    async onFailed(executor, reference) {
      // The card stays pending_payment: the purchaser can try paying again with a new reference.
      await executor
        .update(giftCardPayments)
        .set({ status: 'failed' })
        .where(and(eq(giftCardPayments.reference, reference), eq(giftCardPayments.status, 'pending')));
    },
  };
}

export async function purchase(
  ctx: GiftCardsContext,
  customerId: string,
  body: PurchaseGiftCardBody,
): Promise<GiftCard> {
  const code = generateCode();
  const [row] = await ctx.db
    .insert(giftCards)
    .values({
      purchaserId: customerId,
      codeHash: hashCode(code),
      codeLast4: code.slice(-4),
      codeEncrypted: ctx.cipher.encrypt(code),
      amountKobo: nairaToKobo(body.amount),
      recipientEmail: body.recipientEmail ?? null,
      recipientName: body.recipientName ?? null,
      message: body.message ?? null,
    })
    .returning();
  return present(ctx, row!);
}

export async function pay(ctx: GiftCardsContext, customerId: string, giftCardId: string) {
  const card = await ownCard(ctx, customerId, giftCardId);
  if (card.status !== 'pending_payment') throw validation('giftCardId', 'This gift card is already paid for');
  const purchaser = await findAccountById(ctx.db, customerId);
  if (!purchaser) throw notFound('Account not found');
  const reference = ctx.payments.newReference(GIFT_CARD_PREFIX);
  await ctx.db.transaction(async (tx) => {
    await tx.insert(giftCardPayments).values({ reference, giftCardId: card.id, amountKobo: card.amountKobo });
    await tx
      .update(giftCards)
      .set({ paymentReference: reference, updatedAt: ctx.deps.now() })
      .where(eq(giftCards.id, card.id));
  });
  return ctx.payments.start(ctx.db, {
    reference,
    amountKobo: card.amountKobo,
    email: purchaser.email,
    callbackPath: '/customer/gift-cards',
    metadata: { purpose: 'gift-card', giftCardId: card.id },
    customerId,
  });
}

/** The card's state; a pending payment is first checked with the provider (the return path of the payer). */
export async function status(
  ctx: GiftCardsContext,
  customerId: string,
  query: { reference?: string; id?: string },
): Promise<GiftCard> {
  let card: CardRow;
  let reference = query.reference;
  if (query.id) card = await ownCard(ctx, customerId, query.id);
  else {
    const [payment] = await ctx.db
      .select({ giftCardId: giftCardPayments.giftCardId })
      .from(giftCardPayments)
      .where(eq(giftCardPayments.reference, query.reference!));
    if (!payment) throw notFound('Gift card not found');
    card = await ownCard(ctx, customerId, payment.giftCardId);
  }
  reference ??= card.paymentReference ?? undefined;
  if (card.status === 'pending_payment' && reference) {
    try {
      await ctx.payments.settleFor(customerId, reference);
    } catch (error) {
      // The provider being slow or down must not hide the card; the webhook settles it later.
      ctx.deps.logger.warn({ err: error, reference }, 'gift card payment check failed');
    }
    card = await ownCard(ctx, customerId, card.id);
  }
  return present(ctx, card);
}

export async function myCards(
  ctx: GiftCardsContext,
  customerId: string,
  query: z.output<typeof myCardsQuery>,
) {
  const where = and(
    eq(giftCards.purchaserId, customerId),
    query.status ? statusCondition(query.status) : undefined,
  );
  const direction = query.order.toUpperCase() === 'ASC' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(giftCards)
      .where(where)
      .orderBy(direction(giftCards.createdAt), direction(giftCards.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    ctx.db.select({ value: count() }).from(giftCards).where(where),
  ]);
  return {
    cards: rows.map((row) => present(ctx, row)),
    pagination: pageOf(query.page, query.limit, total?.value ?? 0),
  };
}
