import { timingSafeEqual } from 'node:crypto';
import { formatNaira, nairaToKobo, type OrderStatusCode, type UpdateOrderBody } from '@market/contracts';
import type { Db } from '../../platform/db/client.js';
import { conflict, validation } from '../../platform/errors.js';
import type { FulfilmentCaller } from './fulfilment.context.js';
import { type ActorRole, moveBetween } from './order-status.js';
import type { OrderRow } from './orders.repository.js';
import * as repository from './orders.repository.js';
import { handoverTokenHash } from './orders.service.js';
import type { BookRefundInput } from './refunds.service.js';

// The rules of one move that need nothing but the order and the database (ADR 081): the cash the carrier says it took,
// the customer's delivery token, what a cancellation or a failed delivery takes back. The order-fulfilment flow
// calls them through the fulfilment service's `moves`.

/** Wrong delivery tokens allowed before delivery locks until an admin issues a new token. */
export const MAX_WRONG_TOKENS = 5;

const adminRoles = new Set<ActorRole>(['admin', 'superadmin', 'dispatcher', 'scheduler']);

/** What a cancellation or a failed delivery takes back: the units to restock, the refund to book (if paid). */
export interface TakenBack {
  stock: { productId: string; variantId: string | null; quantity: number }[];
  refund: BookRefundInput | null;
}

/** An order paid at the door whose cash was not taken yet: nothing of it was paid. */
export const unpaidOnDelivery = (order: OrderRow) =>
  order.paymentMethod === 'on_delivery' && order.deliveredAt === null;

/** A wrong delivery token: how many tries are left, or that delivery is locked now. */
export function wrongTokenAnswer(outcome: { left: number; locked: boolean }) {
  if (outcome.locked)
    return conflict(
      'That delivery token is not right. Delivery of this order is now locked; an admin must issue a new token.',
    );
  return validation(
    'deliveryToken',
    `That delivery token is not right. ${outcome.left} ${outcome.left === 1 ? 'try' : 'tries'} left.`,
  );
}

export function roleOf(caller: FulfilmentCaller): ActorRole {
  if (caller.kind === 'admin') {
    const role = (caller.role ?? 'admin') as ActorRole;
    return adminRoles.has(role) ? role : 'admin';
  }
  return caller.kind;
}

function constantTimeMatch(expectedHex: string, token: string): boolean {
  const expected = Buffer.from(expectedHex, 'hex');
  const given = Buffer.from(handoverTokenHash(token), 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The customer's delivery token at the door, checked in constant time under the hand-over's lock: the hand-over
 * completed, or a wrong token counted (the fifth locks delivery) and answered as such.
 */
export async function checkDeliveryToken(tx: Db, order: OrderRow, token: string | undefined, at: Date) {
  const handover = await repository.lockOpenHandover(tx, order.id);
  if (!handover) throw conflict('This order has no delivery token. An admin must issue a new one.');
  if (handover.locked) {
    throw conflict(
      'Delivery of this order is locked after five wrong delivery tokens. An admin must issue a new token.',
    );
  }
  if (!token) throw validation('deliveryToken', "Enter the customer's delivery token");
  if (!constantTimeMatch(handover.tokenHash, token)) {
    const attempts = handover.wrongAttempts + 1;
    const locked = attempts >= MAX_WRONG_TOKENS;
    await repository.updateHandover(tx, handover.id, { wrongAttempts: attempts, locked });
    return { kind: 'wrong-token', left: MAX_WRONG_TOKENS - attempts, locked } as const;
  }
  await repository.updateHandover(tx, handover.id, {
    completedAt: at,
    fromPartyKind: order.carrierKind ?? 'carrier',
    fromPartyId: order.partnerId ?? order.dispatcherId,
  });
  return undefined;
}

/**
 * A paid order cancelled, or a failed delivery its carrier takes back to the store: its units go back into stock
 * and the whole order (shipping too) is refunded before the move, in its transaction, so the machine sees the
 * refund booked (ADR 040). Null for every other move; no refund when nothing was paid (at the door, ADR 074).
 */
export async function takenBack(
  tx: Db,
  order: OrderRow,
  to: OrderStatusCode,
  note: string | undefined,
  caller: FulfilmentCaller,
): Promise<TakenBack | null> {
  if (moveBetween(order.status, to)?.settles !== 'refund') return null;
  const items = await repository.itemsOfOrders(tx, [order.id]);
  const stock = items.map((item) => ({
    productId: item.productId,
    variantId: item.variantId,
    quantity: item.quantity,
  }));
  if (unpaidOnDelivery(order)) return { stock, refund: null };
  const reason =
    to === 'returned'
      ? `Delivery failed; the parcel went back to the store${note ? `: ${note}` : ''}`
      : note
        ? `Cancelled by the store: ${note}`
        : 'Cancelled by the store';
  return {
    stock,
    refund: {
      orderId: order.id,
      returnId: null,
      kind: 'cancellation',
      lines: 'all',
      reason: reason.slice(0, 500),
      actor: { role: roleOf(caller), id: caller.userId },
    },
  };
}

/**
 * What the carrier says it took at the door for an order paid on delivery moved to delivered; checked before the
 * token so a wrong amount changes nothing. Null for every other move.
 */
export function collectionOf(order: OrderRow, to: OrderStatusCode, body: UpdateOrderBody) {
  if (to !== 'delivered' || order.paymentMethod !== 'on_delivery') {
    if (body.collectionMethod || body.collectedAmount !== undefined)
      throw validation('collectionMethod', 'Only an order paid on delivery has money to collect at the door');
    return null;
  }
  if (!body.collectionMethod)
    throw validation('collectionMethod', 'Say how the customer paid: cash, POS or transfer');
  if (body.collectedAmount === undefined)
    throw validation('collectedAmount', 'Enter the amount the customer paid');
  const due = order.totalKobo + order.podFeeKobo;
  const amountKobo = nairaToKobo(Number(body.collectedAmount));
  if (amountKobo !== due)
    throw validation(
      'collectedAmount',
      `The customer must pay exactly ${formatNaira(due)}; you entered ${formatNaira(amountKobo)}`,
    );
  const reference = body.collectionReference?.trim() || null;
  if (body.collectionMethod !== 'cash' && !reference)
    throw validation('collectionReference', 'Enter the POS slip or transfer reference');
  return { method: body.collectionMethod, reference, amountKobo };
}
