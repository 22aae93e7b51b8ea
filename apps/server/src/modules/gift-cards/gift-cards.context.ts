import type { GiftCard } from '@market/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import type { PaymentsService } from '../payments/index.js';
import { type CodeCipher, formatCode } from './gift-card-codes.js';
import { type CardRow, cardFacts } from './gift-card-status.js';
import { giftCards } from './gift-cards.schema.js';

// What the gift-cards service's functions share (ADR 091, 105): the context, and a card as its buyer sees it.

export const GIFT_CARD_PREFIX = 'GFT';

/** What the gift-cards service's functions work with. */
export interface GiftCardsContext {
  db: Db;
  deps: Deps;
  payments: PaymentsService;
  /** Seals the codes at rest; the buyer and the recipient see them once the card is paid. */
  cipher: CodeCipher;
}

export function present(ctx: GiftCardsContext, row: CardRow): GiftCard {
  const paid = row.status !== 'pending_payment';
  return {
    id: row.id,
    ...cardFacts(row),
    // The code is shown only once the card is paid for: before that it is worth nothing and must not leak.
    code: paid ? formatCode(ctx.cipher.decrypt(row.codeEncrypted)) : null,
  };
}

export async function ownCard(ctx: GiftCardsContext, customerId: string, id: string): Promise<CardRow> {
  const [row] = await ctx.db
    .select()
    .from(giftCards)
    .where(and(eq(giftCards.id, id), eq(giftCards.purchaserId, customerId)))
    .limit(1);
  // Another customer's card answers as if it did not exist.
  if (!row) throw notFound('Gift card not found');
  return row;
}
