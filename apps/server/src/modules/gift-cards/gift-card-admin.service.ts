import { type adminGiftCardsQuery, koboToNaira } from '@market/contracts';
import { and, count, desc, eq, gte, inArray, lt, type SQL, sql, sum } from 'drizzle-orm';
import type { z } from 'zod';
import { bound } from '../../platform/bound.js';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { validation } from '../../platform/errors.js';
import { cardFacts, pageOf } from './gift-card-status.js';
import { giftCardActivities, giftCardHolds, giftCards } from './gift-cards.schema.js';

const MAX_ANALYTICS_DAYS = 366;
const DAY_MS = 86_400_000;

export async function adminList(db: Db, query: z.output<typeof adminGiftCardsQuery>) {
  const conditions: SQL[] = [];
  if (query.startDate) conditions.push(gte(giftCards.createdAt, new Date(`${query.startDate}T00:00:00Z`)));
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
    cards: rows.map((row) => ({ id: row.id, purchaserId: row.purchaserId, ...cardFacts(row) })),
    pagination: pageOf(query.page, query.limit, total?.value ?? 0),
  };
}

export async function activities(db: Db, query: { page: number; limit: number }) {
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
}

/** Sold (purchase activities) and redeemed (redeem activities) per UTC day, and what is outstanding now. */
export async function analytics(db: Db, query: { startDate: string; endDate: string }) {
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
}

/**
 * What admins see of gift cards: every card, the activity ledger, and sales and redemptions per day. Named
 * functions of the database (ADR 091, 105), bound here.
 */
export function createGiftCardAdminService(deps: Deps) {
  return {
    adminList: bound(deps.db, adminList),
    activities: bound(deps.db, activities),
    analytics: bound(deps.db, analytics),
  };
}
