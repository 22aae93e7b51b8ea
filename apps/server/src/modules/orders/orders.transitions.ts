import { createHash, randomBytes, randomInt } from 'node:crypto';
import { formatNaira, type OrderStatusCode } from '@market/contracts';
import { auditPart, recordAudit } from '../../platform/audit/record.js';
import type { Db } from '../../platform/db/client.js';
import { type ReadPart, readTogether } from '../../platform/db/prepared.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import {
  checkMove,
  initialStatus,
  knownNameOfStatus,
  type MoveFacts,
  moveBetween,
  type OrderActor,
} from './order-status.js';
import type { OrdersContext } from './orders.context.js';
import type { OrderRow } from './orders.repository.js';
import * as repository from './orders.repository.js';

// An order's moves along the status machine (ADR 040) and the writes that make an order paid: one order, a
// checkout's orders in bulk (ADR 031), a return's replacement. Named functions of the orders service's context
// (ADR 091); the service binds them.

export type { OrdersContext };

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Short name people read out on the phone, e.g. NM-7K3F9Q2A. */
export function newOrderName(): string {
  const bytes = randomBytes(8);
  return `NM-${[...bytes].map((byte) => CROCKFORD[byte % 32]).join('')}`;
}

/** A short number the customer reads to the dispatcher at the door. */
export function newDeliveryToken(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Hex SHA-256, the form in which hand-over tokens are kept (the migration's backfill computes the same). */
export function handoverTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** What a move carries besides its target: the timeline text, and proof the move needs. */
export interface TransitionEvidence {
  /** The text of the order activity; the status's own sentence when absent. */
  activity?: string;
  /** Set by the caller that checked the customer's delivery token for this order. */
  deliveryTokenChecked?: boolean;
  /** Address of the photo uploaded with the move (shipping evidence), kept on its order activity. */
  shippingEvidence?: string;
  /** The parcel reference scanned from the label for this move (ADR 078), kept on its order activity. */
  parcelRef?: string;
  /** Set by the returns module for the return that brings every unit back, as it stands in this transaction. */
  settledReturn?: MoveFacts['settledReturn'];
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether every unit of the order (and so its shipping fee) is covered by a booked refund, or it cost nothing. */
async function wholeOrderRefunded(executor: Db, order: OrderRow): Promise<boolean> {
  if (order.totalKobo === 0) return true;
  // Paid at the door (ADR 074): before delivery nothing was paid, so nothing is owed back on a cancellation or a
  // parcel refused and returned. Cash is only ever collected with the move to delivered.
  if (order.paymentMethod === 'on_delivery' && order.deliveredAt === null) return true;
  const [items, refunds] = await Promise.all([
    repository.itemsOfOrders(executor, [order.id]),
    repository.refundsOfOrder(executor, order.id),
  ]);
  const taken = new Map<string, number>();
  for (const refund of refunds)
    for (const line of refund.lines)
      taken.set(line.orderItemId, (taken.get(line.orderItemId) ?? 0) + line.quantity);
  return items.every((item) => (taken.get(item.id) ?? 0) >= item.quantity);
}

export const defaultActivity: Partial<Record<OrderStatusCode, string>> = {
  awaiting_payment: 'Order placed. Waiting for payment.',
  pending: 'Payment received. The store has been told about your order.',
};

export async function writeActivity(
  executor: Db,
  orderId: string,
  status: string,
  actor: OrderActor,
  text: string,
  at: Date,
  evidence: string | null = null,
  parcelRef: string | null = null,
) {
  await repository.insertActivity(executor, {
    orderId,
    status,
    activity: text,
    actorType: actor.role,
    actorId: actor.id,
    evidence,
    parcelRef,
    createdAt: at,
  });
}

/**
 * Moves one order: locks its row, asks the machine (`checkMove`, ADR 040) whether the actor may make the move with
 * what it shows, writes the status and an order activity. The money step a move needs is read here from the
 * orders module's own rows (the refund, the return window) or taken from the returns module (the settled return),
 * so a caller that skipped it is refused whatever its role: a 409 that names the current status.
 */
export async function transition(
  ctx: OrdersContext,
  executor: Db,
  orderId: string,
  to: OrderStatusCode,
  actor: OrderActor,
  evidence: TransitionEvidence = {},
): Promise<OrderRow> {
  const order = await repository.lockOrder(executor, orderId);
  if (!order) throw notFound('Order not found');
  const move = moveBetween(order.status, to);
  const facts: MoveFacts = {
    deliveryTokenChecked: evidence.deliveryTokenChecked,
    shippingEvidence: Boolean(evidence.shippingEvidence),
    settledReturn: evidence.settledReturn,
    refundBooked: move?.settles === 'refund' ? await wholeOrderRefunded(executor, order) : undefined,
    returnWindowPassed:
      move?.settles === 'return_window'
        ? order.deliveredAt !== null &&
          order.orderReturnId === null &&
          ctx.deps.now().getTime() - order.deliveredAt.getTime() >= ctx.deps.config.returnWindowDays * DAY_MS
        : undefined,
  };
  const refusal = checkMove(order, to, actor, facts);
  if (refusal) throw refusalError(refusal, order, to, actor);
  const at = ctx.deps.now();
  const moved = await repository.updateOrder(executor, orderId, { status: to, updatedAt: at });
  await writeActivity(
    executor,
    orderId,
    to,
    actor,
    evidence.activity ?? defaultActivity[to] ?? `Order is ${knownNameOfStatus(to)}.`,
    at,
    evidence.shippingEvidence ?? null,
    evidence.parcelRef ?? null,
  );
  // Who moved which order from what to what, when and from where (issue 33, ADR 072), in the move's transaction.
  // A move with no request behind it (a job, a payment webhook) reads as the platform's.
  await recordAudit(executor, {
    action: 'order.status',
    subjectType: 'order',
    subjectId: orderId,
    storeId: order.storeId,
    before: { status: order.status },
    after: { status: to },
    reason: evidence.activity ?? null,
  });
  // What the move means for the order's money (completed, returned, cancelled) is booked by the flow that made it,
  // in this transaction, from the row answered here (flows/order-money.ts `moved`, ADR 081).
  return moved;
}

/**
 * Settled payment: the order becomes pending and gets its delivery token, kept as the carrier-to-customer hand-over.
 * The caller's flow books its payment (flows/order-money.ts `paid`) with the row answered, in this transaction.
 */
export async function markOrderPaid(ctx: OrdersContext, executor: Db, orderId: string) {
  const order = await transition(ctx, executor, orderId, 'pending', { role: 'payment', id: null });
  const token = newDeliveryToken();
  await repository.updateOrder(executor, orderId, { orderDeliveryToken: token });
  await repository.insertHandover(executor, {
    orderId,
    fromPartyKind: 'carrier',
    toPartyKind: 'customer',
    toPartyId: order.customerId,
    tokenHash: handoverTokenHash(token),
    createdAt: ctx.deps.now(),
  });
  return { ...order, orderDeliveryToken: token };
}

/**
 * `markOrderPaid` for every order of a checkout in a fixed number of statements (ADR 031): the orders are locked
 * in one statement (in the order every writer of a checkout's orders uses), each move is checked against the
 * status table as `transition` does, and the statuses, tokens, activities and hand-overs are written in bulk. The
 * orders' moves in the audit trail are answered as a statement part (`audit`) the caller must write in this
 * transaction (the checkout-and-pay flow, with the payment's other writes).
 */
/**
 * The orders a payment's transaction locked with their checkout (`lockTrackerForPayment`), for `markOrdersPaid` in
 * the same transaction: no second lock of them. Keyed by the transaction, so it never outlives it.
 */
const ordersLockedWith = new WeakMap<Db, { trackerId: string; orders: repository.OrderRow[] }>();

/**
 * The checkout of `reference` and its orders locked in one statement; the orders kept for `markOrdersPaid`. `also`:
 * another module's read sent in the same statement (ADR 087; its `reference` placeholder is this reference), and
 * answered beside the checkout.
 */
export async function lockTrackerForPayment<Also = undefined>(
  executor: Db,
  reference: string,
  also?: ReadPart<Also>,
): Promise<{ tracker: repository.TrackerRow | undefined; also: Also | undefined }> {
  const lockPart = lockTrackerForPaymentPart(executor, reference);
  const [tracker, alsoRead] = also
    ? await readTogether(executor, [lockPart, also] as const)
    : [...(await readTogether(executor, [lockPart] as const)), undefined];
  return { tracker, also: alsoRead };
}

/**
 * `lockTrackerForPayment` as a part of another module's read (the payment's lock, ADR 087): the checkout of
 * `reference` and its orders locked; decoding it keeps the orders for `markOrdersPaid` in the transaction `executor`.
 */
export function lockTrackerForPaymentPart(
  executor: Db,
  reference: string,
): ReadPart<repository.TrackerRow | undefined> {
  const part = repository.lockTrackerAndOrdersPart(reference);
  return {
    ...part,
    decode: (json) => {
      const locked = part.decode(json);
      if (locked) ordersLockedWith.set(executor, { trackerId: locked.tracker.id, orders: locked.orders });
      return locked?.tracker;
    },
  };
}

/**
 * The orders `lockTrackerForPayment` locked with the checkout `trackerId` in the transaction `executor`, taken (a
 * second call answers undefined): for `markPaid` in that transaction or a savepoint of it.
 */
export function takeLockedOrders(executor: Db, trackerId: string): repository.OrderRow[] | undefined {
  const kept = ordersLockedWith.get(executor);
  ordersLockedWith.delete(executor);
  return kept?.trackerId === trackerId ? kept.orders : undefined;
}

/** `lockedOrders`: the checkout's orders as this transaction locked them (`takeLockedOrders`): not locked again. */
export async function markOrdersPaid(
  _ctx: OrdersContext,
  executor: Db,
  trackerId: string,
  at: Date,
  lockedOrders?: repository.OrderRow[],
) {
  const locked =
    lockedOrders ??
    takeLockedOrders(executor, trackerId) ??
    (await repository.lockOrdersOfTracker(executor, trackerId));
  for (const order of locked) {
    if (!moveBetween(order.status, 'pending')?.roles.includes('payment')) {
      throw conflict(
        `Order is ${knownNameOfStatus(order.status)}; it cannot move to ${knownNameOfStatus('pending')} as payment`,
      );
    }
  }
  const paid = locked.map((order) => ({
    ...order,
    status: 'pending',
    updatedAt: at,
    orderDeliveryToken: newDeliveryToken(),
  }));
  // The tracker, the orders, their activities and hand-overs and the reservations in one statement, which also
  // answers the items (ADR 036). The tracker is already locked by the caller (payment) or its own (gift cards).
  const items = await repository.payCheckout(executor, {
    trackerId,
    at,
    tokens: paid.map((order) => ({ id: order.id, token: order.orderDeliveryToken })),
    activities: paid.map((order) => ({
      orderId: order.id,
      status: 'pending',
      activity:
        order.paymentMethod === 'on_delivery'
          ? `Order confirmed. You pay ${formatNaira(order.totalKobo + order.podFeeKobo)} at the door. The store has been told about your order.`
          : defaultActivity.pending!,
      actorType: 'payment',
      actorId: null,
      createdAt: at,
    })),
    handovers: paid.map((order) => ({
      orderId: order.id,
      fromPartyKind: 'carrier',
      toPartyKind: 'customer',
      toPartyId: order.customerId,
      tokenHash: handoverTokenHash(order.orderDeliveryToken),
      createdAt: at,
    })),
  });
  // Each order's move in the audit trail as `transition` writes it (issue 33, ADR 072), written by the caller with
  // the payment's other writes in one statement (issue 32).
  const audit = auditPart(
    locked.map((order) => ({
      action: 'order.status' as const,
      subjectType: 'order' as const,
      subjectId: order.id,
      storeId: order.storeId,
      before: { status: order.status },
      after: { status: 'pending' },
      reason: defaultActivity.pending ?? null,
    })),
  );
  // The checkout-and-pay flow books these orders' money next, in this same transaction (ADR 027, 076).
  return { orders: paid, items, audit };
}

/** The answer to a move the machine refused, naming the current status (409) or the proof it lacks (422). */
function refusalError(
  refusal: NonNullable<ReturnType<typeof checkMove>>,
  order: OrderRow,
  to: OrderStatusCode,
  actor: OrderActor,
): AppError {
  const move = moveBetween(order.status, to);
  const from = knownNameOfStatus(order.status);
  switch (refusal) {
    case 'delivery-token':
      return new AppError(
        'VALIDATION_ERROR',
        "The customer's delivery token is needed to mark it Delivered",
        [{ path: 'deliveryToken', message: "Enter the customer's delivery token" }],
      );
    case 'shipping-evidence':
      return new AppError(
        'VALIDATION_ERROR',
        `A photo of the parcel is needed to mark it ${knownNameOfStatus(to)}`,
        [{ path: 'evidence', message: 'Take or choose a photo of the parcel' }],
      );
    case 'money-step':
      return conflict(
        move?.settles === 'settled_return'
          ? `Order is ${from}; it becomes Returned only when the store has received an approved return of every item and refunded or replaced it`
          : move?.settles === 'return_window'
            ? `Order is ${from}; it completes only after the return window has passed with no return in progress`
            : `Order is ${from}; it cannot move to ${knownNameOfStatus(to)} before its refund is booked`,
      );
    case 'not-assignee':
      return conflict(`Order is ${from}; only its own carrier can move it to ${knownNameOfStatus(to)}`);
    default:
      return conflict(
        `Order is ${from}; it cannot move to ${knownNameOfStatus(to)}${move ? ` as ${actor.role}` : ''}`,
      );
  }
}

/**
 * A replacement for a return: a zero-value order of the same store for the given units, paid from the start (a
 * checkout of ₦0 with its own RPL reference), which enters the fulfilment chain as pending with its delivery
 * token like any paid order. Runs in the caller's transaction, whose flow books its payment (`paid`, ADR 081).
 */
export async function createReplacement(
  ctx: OrdersContext,
  executor: Db,
  source: OrderRow,
  lines: { item: repository.ItemRow; quantity: number }[],
  returnId: string,
): Promise<OrderRow> {
  const at = ctx.deps.now();
  const tracker = await repository.insertTracker(executor, {
    reference: `RPL-${randomBytes(10).toString('hex').toUpperCase()}`,
    customerId: source.customerId,
    status: 'paid',
    itemsSubtotalKobo: 0,
    shippingTotalKobo: 0,
    discountTotalKobo: 0,
    giftCardKobo: 0,
    amountDueKobo: 0,
    deliveryAddress: source.deliveryAddress,
    appliedCouponCodes: [],
    expiresAt: at,
    paidAt: at,
  });
  const order = await repository.insertOrder(executor, {
    trackerId: tracker.id,
    orderName: newOrderName(),
    customerId: source.customerId,
    storeId: source.storeId,
    merchantId: source.merchantId,
    storeName: source.storeName,
    status: initialStatus.to,
    subtotalKobo: 0,
    shippingFeeKobo: 0,
    discountKobo: 0,
    totalKobo: 0,
    deliveryAddress: source.deliveryAddress,
    orderNote: `Replacement for ${source.orderName}`,
    withinLagos: source.withinLagos,
    lagosMerchant: source.lagosMerchant,
    lagosCustomer: source.lagosCustomer,
    weightGrams: source.weightGrams,
    replacementOf: source.id,
    orderReturnId: null,
  });
  await repository.insertOrderItems(
    executor,
    lines.map(({ item, quantity }) => ({
      orderId: order.id,
      productId: item.productId,
      variantId: item.variantId,
      productName: item.productName,
      sku: item.sku,
      unitPriceKobo: 0,
      quantity,
      hostedImages: item.hostedImages,
      productVariant: item.productVariant,
    })),
  );
  await writeActivity(
    executor,
    order.id,
    initialStatus.to,
    { role: 'checkout', id: null },
    `Replacement for order ${source.orderName} (return ${returnId.slice(0, 8)}).`,
    at,
  );
  const paid = await markOrderPaid(ctx, executor, order.id);
  return paid;
}
