import {
  type NotificationKind,
  type OrderStatusCode,
  orderStatusOf,
  type UpdateOrderBody,
} from '@market/contracts';
import type { Db } from '../../platform/db/client.js';
import { AppError, conflict, validation } from '../../platform/errors.js';
import type { EventAudience } from '../../platform/notify/events.js';
import { ORDERS_CHANGED, orderChangePayload } from '../../platform/notify/topics.js';
import { imageFileId } from '../../platform/storage/media.js';
import { allowedFor, refusal, visibleOrder } from './fulfilment.access.js';
import type { EvidenceUpload, FulfilmentCaller, FulfilmentContext } from './fulfilment.context.js';
import { checkDeliveryToken, collectionOf, roleOf } from './fulfilment.moves.js';
import { knownNameOfStatus, moveBetween } from './order-status.js';
import type { OrderRow } from './orders.repository.js';
import * as repository from './orders.repository.js';
import { LABEL_OF_ANOTHER_ORDER, readParcelReference } from './parcel-reference.js';

// The steps of one move along the machine (`PATCH /ordertracking/update-order/{id}`), in the order the
// order-fulfilment flow (`flows/order-fulfilment.ts`) takes them; the steps of other modules go between them.

/** The customer-facing sentence of each move, written into the timeline. */
export const moveText: Partial<Record<OrderStatusCode, string>> = {
  accepted: 'The store accepted your order and is preparing it.',
  ready_for_pickup: 'Your order is packed and ready for pickup.',
  picked_up: 'Your order was picked up from the store.',
  at_hub: 'Your order arrived at the hub.',
  in_transit: 'Your order is on its way.',
  out_for_delivery: 'Your order is out for delivery. Have your delivery token ready.',
  delivered: 'Your order was delivered. Thank you for shopping with us.',
  delivery_failed: 'The delivery attempt did not succeed. We will try again.',
  // Where the money stands is shown under Refunds on the order page (ADR 049): a refund can fail or be decided.
  returned: 'The parcel went back to the store. See Refunds on this order for your money.',
  cancelled: 'The store cancelled your order. See Refunds on this order for your money.',
};

/**
 * Live lists (ADR 057): the customer's order page, the store's, the carrier's and the admins' queue hear that the
 * order moved, in every
 * process, after the commit. Any move may add to or take from the queue, so the queue always hears.
 */
export async function publishOrderChange(
  ctx: FulfilmentContext,
  order: OrderRow,
  previousCarrierId: string | null = null,
) {
  const { deps } = ctx;
  const change = {
    customerId: order.customerId,
    storeId: order.storeId,
    carrierId: order.partnerId ?? order.dispatcherId,
    queue: true,
  };
  await deps.changes.publish(ORDERS_CHANGED, orderChangePayload(change));
  if (previousCarrierId && previousCarrierId !== change.carrierId)
    await deps.changes.publish(
      ORDERS_CHANGED,
      orderChangePayload({ ...change, carrierId: previousCarrierId }),
    );
}

/**
 * Who is told of a move (ADR 057): the customer of what happened to their order, the store of a cancellation it
 * did not make, admins who assign of a declined order. Keyed by order, status and the activity's time, so a

 */
export async function tellOfMove(
  ctx: FulfilmentContext,
  executor: Db,
  order: OrderRow,
  to: OrderStatusCode,
  caller: FulfilmentCaller,
  note: string | undefined,
  at: Date,
  refunding: boolean,
) {
  const { deps } = ctx;
  const key = `${order.id}:${to}:${at.getTime()}`;
  const about = { orderId: order.id, orderNumber: order.orderName, storeName: order.storeName };
  const customer = [{ user: order.customerId }];
  const emit = (kind: NotificationKind, audience: EventAudience[], params = {}) =>
    deps.events.emit(executor, { kind, key: `${kind}:${key}`, audience, params: { ...about, ...params } });
  switch (to) {
    case 'accepted':
      return emit('order.accepted', customer);
    case 'out_for_delivery':
      // The tracking link is added to every customer message about an order by the fan-out (issue 36).
      return emit('order.out-for-delivery', customer, { token: order.orderDeliveryToken });
    case 'delivered':
      return emit('order.delivered', customer, { returnDays: deps.config.returnWindowDays });
    case 'delivery_failed':
      return emit('order.delivery-failed', customer, { reason: note ?? null });
    case 'cancelled':
      await emit('order.cancelled-customer', customer, {
        refundKobo: refunding ? order.totalKobo : null,
        reason: note ?? null,
      });
      if (caller.kind !== 'merchant')
        await emit('order.cancelled', [{ store: order.storeId, permission: 'orders:write' }], {
          reason: note ?? null,
        });
      return;
    case 'declined':
      return emit('queue.waiting', [{ admins: 'orders:assign' }], { minutes: 0, reason: note ?? null });
    default:
      return;
  }
}

/** The open assignment of the order ends (declined, or the parcel moved past it). */
export async function closeAssignment(
  executor: Db,
  order: OrderRow,
  status: 'declined' | 'done',
  at: Date,
  reason?: string,
) {
  if (!order.assignmentId) return;
  await repository.updateAssignment(executor, order.assignmentId, {
    status,
    respondedAt: at,
    ...(reason ? { declineReason: reason } : {}),
  });
}

/** The carrier fields of an order that goes back to the queue. */
export const clearedCarrier = {
  carrierKind: null,
  carrierName: null,
  partnerId: null,
  dispatcherId: null,
  assignmentId: null,
  dispatcherName: null,
  dispatchPhoneNumber: null,
} satisfies Partial<repository.NewOrder>;

/** The stored file's purpose of a shipping photo: the order and the move it is evidence of. */
export function evidencePurpose(orderId: string, to: OrderStatusCode): string {
  return `shipping-evidence:${orderId}:${to}`;
}

/**
 * The photo of a move, as the address stored with it: an upload sent with the move is checked (JPEG, PNG or WebP by
 * its bytes, 8 MB at most) and stored by the image pipeline, which strips its metadata (a phone's GPS position),
 * under a purpose that names the order and the move. A JSON address must be a photo the caller uploaded for this
 * order and this move (one whose move lost a race) and not already evidence on the order: a photo is evidence of
 * one move of one order (ADR 040). The order and the move are checked first, so a refused move stores nothing;
 * `transition` refuses a move that needs a photo and has none (422).
 */
export async function evidenceFor(
  ctx: FulfilmentContext,
  orderId: string,
  caller: FulfilmentCaller,
  body: UpdateOrderBody,
  upload: EvidenceUpload | undefined,
): Promise<string | undefined> {
  const { deps, db } = ctx;
  if (!upload && !body.shippingEvidence) return undefined;
  const order = await visibleOrder(db, orderId, caller);
  if (body.status !== 'assigned' && !allowedFor(order, caller).includes(body.status)) {
    throw refusal(order, body.status, caller);
  }
  const purpose = evidencePurpose(order.id, body.status);
  if (upload) {
    if (upload.bytes.length === 0)
      throw validation('evidence', 'The photo is empty. Take or choose another.');
    const saved = await deps.media
      .saveImage(db, caller.userId, upload.bytes, purpose, { visibility: 'private' })
      .catch((error: unknown) => {
        // The pipeline names its field `image`; here the photo travels as `evidence`.
        if (error instanceof AppError && error.code === 'VALIDATION_ERROR') {
          throw validation('evidence', error.message);
        }
        throw error;
      });
    return saved.url;
  }
  const url = body.shippingEvidence!;
  const fileId = imageFileId(url);
  const owned =
    fileId && (await deps.media.ownsImageUrls(db, caller.userId, [url], { visibility: 'private', purpose }));
  if (!owned) {
    throw validation(
      'shippingEvidence',
      'Upload the photo with the move: a photo is evidence of one move of one order',
    );
  }
  const used = await repository.activitiesOfOrders(db, [order.id]);
  if (used.some((activity) => activity.evidence && imageFileId(activity.evidence) === fileId)) {
    throw validation(
      'shippingEvidence',
      'This photo is already the evidence of another move. Take a new one.',
    );
  }
  return url;
}

/**
 * Before the transaction: a scanned label must be this order's (ADR 078; without one the move is the tapped
 * button it always was), and the move's photo is checked and stored (the move is checked first).
 */
export async function prepareMove(
  ctx: FulfilmentContext,
  orderId: string,
  caller: FulfilmentCaller,
  body: UpdateOrderBody,
  upload?: EvidenceUpload,
) {
  const { deps } = ctx;
  const parcel = body.parcel ? readParcelReference(deps.config.jwtSecret, body.parcel) : undefined;
  if (parcel && parcel.orderId !== orderId) throw validation('parcel', LABEL_OF_ANOTHER_ORDER);
  const shippingEvidence = await evidenceFor(ctx, orderId, caller, body, upload);
  return { parcelRef: parcel?.reference, shippingEvidence };
}

/**
 * The order locked, the caller may see it and make this move; what the carrier says it took at the door
 * (an order paid on delivery moved to delivered) read before the token, so a wrong amount changes nothing.
 */
export async function lockMove(
  ctx: FulfilmentContext,
  tx: Db,
  orderId: string,
  caller: FulfilmentCaller,
  body: UpdateOrderBody,
) {
  const { deps } = ctx;
  const to = body.status;
  const order = await visibleOrder(tx, orderId, caller, true);
  if (to === 'assigned') {
    throw conflict('Assign the order to a carrier from the assignment queue to move it to Assigned');
  }
  if (to === 'declined' && !body.note) throw validation('note', 'Say why you decline the order');
  if (!allowedFor(order, caller).includes(to)) throw refusal(order, to, caller);
  const collection = collectionOf(order, to, body);
  if (body.refusedByCustomer && (to !== 'delivery_failed' || order.paymentMethod !== 'on_delivery'))
    throw validation('refusedByCustomer', 'Only a parcel paid on delivery can be refused at the door');
  const carrier = {
    id: order.partnerId ?? order.dispatcherId ?? caller.userId,
    kind: order.carrierKind ?? ('hub' as const),
    name: order.carrierName ?? 'Platform hub',
  };
  return {
    order,
    at: deps.now(),
    collection: collection ? { ...collection, carrier } : null,
  };
}

/**
 * The customer's delivery token, when the move needs it: checked (a hand-over completed) or a wrong one
 * counted, answered by `wrongTokenAnswer` after the count commits.
 */
export async function checkToken(
  _ctx: FulfilmentContext,
  tx: Db,
  order: OrderRow,
  body: UpdateOrderBody,
  at: Date,
) {
  if (moveBetween(order.status, body.status)?.needs !== 'delivery_token') return { checked: false } as const;
  const wrong = await checkDeliveryToken(tx, order, body.deliveryToken, at);
  return wrong ? ({ checked: false, wrong } as const) : ({ checked: true } as const);
}

/**
 * The move itself: the machine's transition with its evidence, the carrier's assignment closed or accepted,
 * the order's own fields, and who is told.
 */
export async function applyMove(
  ctx: FulfilmentContext,
  tx: Db,
  order: OrderRow,
  caller: FulfilmentCaller,
  body: UpdateOrderBody,
  facts: {
    at: Date;
    deliveryTokenChecked: boolean;
    shippingEvidence?: string;
    parcelRef?: string;
    refunding: boolean;
  },
) {
  const { orders } = ctx;
  const to = body.status;
  const { at } = facts;
  const role = roleOf(caller);
  const text = [moveText[to] ?? `Order is ${knownNameOfStatus(to)}.`, body.note].filter(Boolean).join(' ');
  const moved = await orders.transition(
    tx,
    order.id,
    to,
    { role, id: caller.userId },
    {
      activity: to === 'declined' ? `Declined by the shipping partner: ${body.note}` : text,
      deliveryTokenChecked: facts.deliveryTokenChecked,
      shippingEvidence: facts.shippingEvidence,
      parcelRef: facts.parcelRef,
    },
  );
  const patch: Partial<repository.NewOrder> = {};
  if (facts.shippingEvidence) patch.shippingEvidence = facts.shippingEvidence;
  if (to === 'delivered') patch.deliveredAt = at;
  if (to === 'declined') {
    await closeAssignment(tx, order, 'declined', at, body.note);
    Object.assign(patch, clearedCarrier);
  } else if (order.assignmentId && to === 'picked_up') {
    // Picking the parcel up is accepting the assignment.
    await repository.updateAssignment(tx, order.assignmentId, { status: 'accepted', respondedAt: at });
  }
  if (to === 'delivered' || to === 'cancelled' || to === 'returned') {
    await closeAssignment(tx, order, 'done', at);
  }
  const final = Object.keys(patch).length > 0 ? await repository.updateOrder(tx, order.id, patch) : moved;
  await tellOfMove(ctx, tx, final, to, caller, body.note, at, facts.refunding);
  return final;
}

/** After the commit: live screens hear of the move; the answer names what the caller may do next. */
export async function answerMove(
  ctx: FulfilmentContext,
  order: OrderRow,
  caller: FulfilmentCaller,
  previousCarrier: string | null,
) {
  await publishOrderChange(ctx, order, previousCarrier);
  return {
    id: order.id,
    orderStatus: orderStatusOf(order.status),
    allowedNextStatuses: allowedFor(order, caller).map(orderStatusOf),
  };
}
