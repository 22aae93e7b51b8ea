import { formatNaira } from '@market/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { carrierCash } from '../ledger/index.js';
import { type PodCarrier, type PodContext, type PodOrder, rules } from './pay-on-delivery.context.js';
import { type PodMethod, podCollections, podRefusals } from './pay-on-delivery.schema.js';

// At the door (ADR 074): the cash a carrier takes, a parcel refused, and whether a carrier may take more.

/**
 * The carrier took the due amount at the door (checked by the caller): the collection. Its books (the payment, the
 * commission and the fee, held by the carrier) are the pay-on-delivery flow's next step, in the same transaction.
 */
export async function collect(
  ctx: PodContext,
  executor: Db,
  order: PodOrder,
  collection: { method: PodMethod; reference: string | null; amountKobo: number; carrier: PodCarrier },
) {
  await executor.insert(podCollections).values({
    orderId: order.id,
    orderName: order.orderName,
    storeId: order.storeId,
    carrierId: collection.carrier.id,
    carrierKind: collection.carrier.kind,
    carrierName: collection.carrier.name,
    method: collection.method,
    reference: collection.reference,
    amountKobo: collection.amountKobo,
    feeKobo: order.podFeeKobo,
    collectedAt: ctx.deps.now(),
  });
}

/** The customer refused the parcel at the door: it counts against their pay on delivery. */
export async function refused(ctx: PodContext, executor: Db, order: PodOrder) {
  await executor
    .insert(podRefusals)
    .values({ orderId: order.id, customerId: order.customerId, refusedAt: ctx.deps.now() })
    .onConflictDoNothing();
}

/** Why the carrier may take no more orders paid at the door (its cash held at the limit), or null. */
export async function carrierRefusal(executor: Db, carrierId: string): Promise<string | null> {
  const r = await rules(executor);
  const held = (await carrierCash(executor, [carrierId])).get(carrierId)?.heldKobo ?? 0;
  return held >= r.carrierCashLimitKobo
    ? `This carrier holds ${formatNaira(held)} of customers' cash (limit ${formatNaira(r.carrierCashLimitKobo)}); it takes no pay-on-delivery orders until it remits`
    : null;
}

/**
 * Whether the order's cash reached the platform (a confirmed remittance), read under the collection's row lock
 * so that completion and a remittance's confirmation, at once, never both leave the order unreleased. True for
 * an order with no collection (paid online).
 */
export async function cashRemitted(executor: Db, orderId: string): Promise<boolean> {
  const [row] = await executor
    .select({ remittedAt: podCollections.remittedAt })
    .from(podCollections)
    .where(eq(podCollections.orderId, orderId))
    .for('update');
  return !row || row.remittedAt !== null;
}
