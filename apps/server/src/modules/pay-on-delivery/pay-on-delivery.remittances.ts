import { randomUUID } from 'node:crypto';
import { type CarrierCash, koboToNaira, type Remittance, type RemittanceBody } from '@market/contracts';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { conflict } from '../../platform/errors.js';
import { carrierCash as booksCarrierCash } from '../ledger/index.js';
import {
  collectionView,
  type PodContext,
  remittanceRow,
  remittanceView,
  rules,
} from './pay-on-delivery.context.js';
import { podCollections, podRemittances } from './pay-on-delivery.schema.js';

// A carrier's cash and its remittances to the platform (ADR 074): claimed by the carrier, confirmed or rejected by an
// admin; the ledger books what a confirmation moves (the pay-on-delivery flow's step).

/** A carrier's cash held, its limit, what it collected and has not remitted, and its latest remittances. */
export async function carrierCash(ctx: PodContext, carrierId: string): Promise<CarrierCash> {
  const { db } = ctx;
  const [r, held, collections, remittances] = await Promise.all([
    rules(db),
    booksCarrierCash(db, [carrierId]),
    db
      .select()
      .from(podCollections)
      .where(and(eq(podCollections.carrierId, carrierId), isNull(podCollections.remittedAt)))
      .orderBy(asc(podCollections.collectedAt))
      .limit(500),
    db
      .select()
      .from(podRemittances)
      .where(eq(podRemittances.carrierId, carrierId))
      .orderBy(desc(podRemittances.submittedAt))
      .limit(50),
  ]);
  return {
    held: koboToNaira(held.get(carrierId)?.heldKobo ?? 0),
    limit: koboToNaira(r.carrierCashLimitKobo),
    collections: collections.map(collectionView),
    remittances: remittances.map(remittanceView),
  };
}

/**
 * The carrier paid the platform by transfer for these collections. Each collection is claimed by one remittance
 * at most: the claim is one conditional update, so two remittances at once for the same cash cannot both win.
 */
export async function remit(ctx: PodContext, carrierId: string, body: RemittanceBody): Promise<Remittance> {
  const orderIds = [...new Set(body.orderIds)];
  try {
    return await ctx.db.transaction(async (tx) => {
      const id = randomUUID();
      const claimed = await tx
        .update(podCollections)
        .set({ remittanceId: id })
        .where(
          and(
            inArray(podCollections.orderId, orderIds),
            eq(podCollections.carrierId, carrierId),
            isNull(podCollections.remittanceId),
          ),
        )
        .returning();
      if (claimed.length !== orderIds.length)
        throw conflict(
          'Some of these collections are not yours to remit, or are already in a remittance; refresh and choose again',
        );
      const first = claimed[0]!;
      const [row] = await tx
        .insert(podRemittances)
        .values({
          id,
          carrierId,
          carrierKind: first.carrierKind,
          carrierName: first.carrierName,
          reference: body.reference,
          amountKobo: claimed.reduce((sum, row) => sum + row.amountKobo, 0),
          orderCount: claimed.length,
          submittedAt: ctx.deps.now(),
        })
        .returning();
      return remittanceView(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict('A remittance with this transfer reference was already recorded');
    throw error;
  }
}

export async function remittances(ctx: PodContext, status?: Remittance['status']): Promise<Remittance[]> {
  const rows = await ctx.db
    .select()
    .from(podRemittances)
    .where(status ? eq(podRemittances.status, status) : undefined)
    .orderBy(desc(podRemittances.submittedAt))
    .limit(200);
  return rows.map(remittanceView);
}

/** The remittance under its row lock, refused unless it still waits for an admin's decision. */
async function submittedRemittance(executor: Db, id: string) {
  const row = await remittanceRow(executor, id, true);
  if (row.status !== 'submitted') throw conflict(`This remittance is already ${row.status}`);
  return row;
}

/**
 * The money is in the platform's account, in the caller's transaction (the pay-on-delivery flow's, which books it
 * next): its collections are remitted and the remittance confirmed. Only a submitted remittance is confirmed, under
 * its row lock: a second confirmation at once finds it confirmed. Answers the remittance and the orders it pays for.
 */
export async function confirm(
  ctx: PodContext,
  tx: Db,
  id: string,
  adminId: string,
  note?: string,
): Promise<{
  remittance: Remittance;
  booked: { carrierId: string; carrierName: string; amountKobo: number; reference: string };
  orderIds: string[];
}> {
  const row = await submittedRemittance(tx, id);
  const at = ctx.deps.now();
  const collections = await tx
    .update(podCollections)
    .set({ remittedAt: at })
    .where(eq(podCollections.remittanceId, id))
    .returning();
  const total = collections.reduce((sum, c) => sum + c.amountKobo, 0);
  if (total !== row.amountKobo || collections.length !== row.orderCount)
    throw new Error(`Remittance ${id} covers ${total} kobo in its collections but says ${row.amountKobo}`);
  const [updated] = await tx
    .update(podRemittances)
    .set({ status: 'confirmed', decidedBy: adminId, decidedAt: at, decisionNote: note ?? null })
    .where(eq(podRemittances.id, id))
    .returning();
  return {
    remittance: remittanceView(updated!),
    booked: {
      carrierId: row.carrierId,
      carrierName: row.carrierName,
      amountKobo: row.amountKobo,
      reference: row.reference,
    },
    orderIds: collections.map((c) => c.orderId),
  };
}

/** No money arrived: the collections go back to the carrier's cash held, free for another remittance. */
export async function reject(
  ctx: PodContext,
  id: string,
  adminId: string,
  note?: string,
): Promise<Remittance> {
  return ctx.db.transaction(async (tx) => {
    await submittedRemittance(tx, id);
    await tx.update(podCollections).set({ remittanceId: null }).where(eq(podCollections.remittanceId, id));
    const [updated] = await tx
      .update(podRemittances)
      .set({ status: 'rejected', decidedBy: adminId, decidedAt: ctx.deps.now(), decisionNote: note ?? null })
      .where(eq(podRemittances.id, id))
      .returning();
    return remittanceView(updated!);
  });
}
