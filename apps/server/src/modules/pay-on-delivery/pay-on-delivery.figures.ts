import { koboToNaira, type PodOverview } from '@market/contracts';
import { count, eq, sql } from 'drizzle-orm';
import { carrierCash, podFeesKobo } from '../ledger/index.js';
import { type PodContext, rules } from './pay-on-delivery.context.js';
import { podCollections, podRemittances } from './pay-on-delivery.schema.js';

// What the carriers' cash adds up to (ADR 074): the finance report's remittance figures and the admins' overview,
// the ledger's figures beside the collections' own.

/** The finance report's remittance fields (kobo): collected, remitted and outstanding, in all and per carrier. */
export async function remittanceFigures(ctx: PodContext) {
  const { db } = ctx;
  const [cash, names] = await Promise.all([
    carrierCash(db),
    db
      .select({
        carrierId: podCollections.carrierId,
        name: sql<string>`max(${podCollections.carrierName})`,
      })
      .from(podCollections)
      .groupBy(podCollections.carrierId),
  ]);
  const nameOf = new Map(names.map((row) => [row.carrierId, row.name]));
  const byCarrier = [...cash].map(([carrierId, books]) => ({
    carrierId,
    carrierName: nameOf.get(carrierId) ?? 'Carrier',
    collectedKobo: books.collectedKobo,
    remittedKobo: books.remittedKobo,
    outstandingKobo: books.heldKobo,
  }));
  byCarrier.sort((a, b) => b.outstandingKobo - a.outstandingKobo);
  const total = (pick: (row: (typeof byCarrier)[number]) => number) =>
    byCarrier.reduce((sum, row) => sum + pick(row), 0);
  return {
    collectedKobo: total((row) => row.collectedKobo),
    remittedKobo: total((row) => row.remittedKobo),
    outstandingKobo: total((row) => row.outstandingKobo),
    byCarrier,
  };
}

/** Every carrier's cash: from the ledger, beside the same from the collections, and what waits. */
export async function overview(ctx: PodContext): Promise<PodOverview> {
  const { db } = ctx;
  const [r, cash, fees, byCollections, waiting] = await Promise.all([
    rules(db),
    carrierCash(db),
    podFeesKobo(db),
    db
      .select({
        carrierId: podCollections.carrierId,
        carrierName: sql<string>`max(${podCollections.carrierName})`,
        carrierKind: sql<string>`max(${podCollections.carrierKind})`,
        heldKobo: sql<string>`coalesce(sum(${podCollections.amountKobo}) filter (where ${podCollections.remittedAt} is null), 0)`,
        oldestHeldAt: sql<
          Date | string | null
        >`min(${podCollections.collectedAt}) filter (where ${podCollections.remittedAt} is null)`,
      })
      .from(podCollections)
      .groupBy(podCollections.carrierId),
    db
      .select({ carrierId: podRemittances.carrierId, n: count() })
      .from(podRemittances)
      .where(eq(podRemittances.status, 'submitted'))
      .groupBy(podRemittances.carrierId),
  ]);
  const waitingOf = new Map(waiting.map((row) => [row.carrierId, row.n]));
  const carriers = byCollections.map((row) => {
    const books = cash.get(row.carrierId) ?? { collectedKobo: 0, remittedKobo: 0, heldKobo: 0 };
    const heldByCollections = Number(row.heldKobo);
    const oldest = row.oldestHeldAt === null ? null : new Date(row.oldestHeldAt);
    return {
      carrierId: row.carrierId,
      carrierName: row.carrierName,
      carrierKind: row.carrierKind,
      collected: koboToNaira(books.collectedKobo),
      remitted: koboToNaira(books.remittedKobo),
      outstanding: koboToNaira(books.heldKobo),
      outstandingByCollections: koboToNaira(heldByCollections),
      difference: koboToNaira(books.heldKobo - heldByCollections),
      oldestHeldAt: oldest?.toISOString() ?? null,
      waitingRemittances: waitingOf.get(row.carrierId) ?? 0,
      overLimit: books.heldKobo >= r.carrierCashLimitKobo,
    };
  });
  carriers.sort((a, b) => b.outstanding - a.outstanding);
  const sum = (pick: (books: { collectedKobo: number; remittedKobo: number; heldKobo: number }) => number) =>
    [...cash.values()].reduce((total, books) => total + pick(books), 0);
  return {
    totals: {
      collected: koboToNaira(sum((b) => b.collectedKobo)),
      remitted: koboToNaira(sum((b) => b.remittedKobo)),
      outstanding: koboToNaira(sum((b) => b.heldKobo)),
      fees: koboToNaira(fees),
    },
    carriers,
  };
}
