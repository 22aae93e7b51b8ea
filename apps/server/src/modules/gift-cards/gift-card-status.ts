import { type GiftCardStatus, koboToNaira } from '@market/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { giftCardActivities, giftCards } from './gift-cards.schema.js';

export type CardRow = typeof giftCards.$inferSelect;

export function displayStatus(row: Pick<CardRow, 'status' | 'balanceKobo'>): GiftCardStatus {
  if (row.status === 'pending_payment') return 'pending_payment';
  return row.balanceKobo > 0 ? 'active' : 'used';
}

/** What the buyer's view and the admin's list both show of a card (never its code: that is the buyer's alone). */
export function cardFacts(row: CardRow) {
  return {
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
  };
}

export function statusCondition(status: GiftCardStatus): SQL {
  if (status === 'pending_payment') return eq(giftCards.status, 'pending_payment');
  return and(
    eq(giftCards.status, 'active'),
    status === 'active' ? sql`${giftCards.balanceKobo} > 0` : sql`${giftCards.balanceKobo} = 0`,
  )!;
}

export function pageOf(page: number, limit: number, totalItems: number) {
  return { page, limit, totalItems, totalPages: Math.ceil(totalItems / limit) };
}

/** Every change of a card's balance leaves one activity row: the ledger admins and analytics read. */
export async function writeActivity(
  executor: Db,
  values: {
    giftCardId: string;
    type: 'purchase' | 'hold' | 'release' | 'redeem' | 'refund';
    amountKobo: number;
    balanceAfterKobo: number;
    trackerId?: string | null;
    customerId?: string | null;
  },
) {
  await executor.insert(giftCardActivities).values(values);
}
