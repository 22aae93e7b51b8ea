import { type AssignOrderBody, type DispatcherBody, orderStatusOf, type StaffOrder } from '@market/contracts';
import type { Db } from '../../platform/db/client.js';
import { AppError, conflict, notFound, validation } from '../../platform/errors.js';
import { normalizeNigerianPhone } from '../../platform/phone.js';
import { findAccountById, listCarrierAccounts } from '../auth/index.js';
import { activeHubName } from '../hubs/index.js';
import { carrierRefusal } from '../pay-on-delivery/index.js';
import { findStoreById } from '../stores/index.js';
import { allowedFor, visibleOrder } from './fulfilment.access.js';
import type { FulfilmentCaller, FulfilmentContext } from './fulfilment.context.js';
import { roleOf } from './fulfilment.moves.js';
import { answerMove, applyMove, closeAssignment, lockMove, publishOrderChange } from './fulfilment.steps.js';
import { partnerView, staffView } from './fulfilment.views.js';
import { knownNameOfStatus } from './order-status.js';
import type { OrderRow } from './orders.repository.js';
import * as repository from './orders.repository.js';
import { handoverTokenHash, newDeliveryToken } from './orders.service.js';
import { parcelReference, readParcelReference } from './parcel-reference.js';

// The parcel between the store, its carrier and the customer: labels and scans, the delivery token, assignment,
// the partner's answer, the rider, and completion after the return window.

export async function allowedNext(ctx: FulfilmentContext, orderId: string, caller: FulfilmentCaller) {
  const { db } = ctx;
  const order = await visibleOrder(db, orderId, caller);
  return allowedFor(order, caller).map(orderStatusOf);
}

/**
 * What a parcel's label prints (ADR 078), for an order the caller may read and that still has a parcel to move:
 * paid, not yet delivered, cancelled or returned. The QR code is drawn by the caller from `reference`.
 */
export async function parcelLabel(ctx: FulfilmentContext, orderId: string, caller: FulfilmentCaller) {
  const { deps, db } = ctx;
  const order = await visibleOrder(db, orderId, caller);
  if (['delivered', 'completed', 'cancelled', 'returned'].includes(order.status))
    throw conflict(`Order is ${knownNameOfStatus(order.status)}; it has no parcel to label`);
  const items = await repository.itemsOfOrders(db, [order.id]);
  const address = order.deliveryAddress;
  return {
    orderId: order.id,
    orderName: order.orderName,
    storeName: order.storeName,
    recipientName: address.fullName,
    recipientPhone: address.phoneNumber,
    state: address.state,
    lga: address.lga,
    address: address.address,
    items: items.map((item) => ({
      productName: item.productName,
      sku: item.sku,
      variant: [item.productVariant?.size, item.productVariant?.color].filter(Boolean).join(' / ') || null,
      quantity: item.quantity,
    })),
    weightGrams: order.weightGrams,
    carrierName: order.carrierName,
    reference: parcelReference(deps.config.jwtSecret, order.id),
  };
}

/** The order a scanned label names, for the carrier, store or admin who may move it (ADR 078). */
export async function scannedParcel(ctx: FulfilmentContext, scanned: string, caller: FulfilmentCaller) {
  const { deps, db } = ctx;
  const { orderId } = readParcelReference(deps.config.jwtSecret, scanned);
  const order = await visibleOrder(db, orderId, caller).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'NOT_FOUND')
      throw notFound('This parcel is not one of yours: check that you hold the right parcel');
    throw error;
  });
  return {
    orderId: order.id,
    orderName: order.orderName,
    orderStatus: orderStatusOf(order.status),
    allowedNextStatuses: allowedFor(order, caller).map(orderStatusOf),
  };
}

/** `update-token`: a new delivery token for the customer; the old one stops working and a lock is lifted. */
export async function updateToken(ctx: FulfilmentContext, orderId: string, caller: FulfilmentCaller) {
  const { deps, db } = ctx;
  const final = new Set(['awaiting_payment', 'delivered', 'completed', 'cancelled', 'returned']);
  await db.transaction(async (tx) => {
    const order = await visibleOrder(tx, orderId, caller, true);
    if (final.has(order.status)) {
      throw conflict(`Order is ${knownNameOfStatus(order.status)}; its delivery token cannot change`);
    }
    const at = deps.now();
    await repository.invalidateOpenHandovers(tx, order.id, at);
    const token = newDeliveryToken();
    await repository.insertHandover(tx, {
      orderId: order.id,
      fromPartyKind: order.carrierKind ?? 'carrier',
      fromPartyId: order.partnerId ?? order.dispatcherId,
      toPartyKind: 'customer',
      toPartyId: order.customerId,
      tokenHash: handoverTokenHash(token),
      createdAt: at,
    });
    await repository.updateOrder(tx, order.id, { orderDeliveryToken: token, updatedAt: at });
    await repository.insertActivity(tx, {
      orderId: order.id,
      status: order.status,
      activity: 'A new delivery token was issued. The old one no longer works.',
      actorType: roleOf(caller),
      actorId: caller.userId,
      createdAt: at,
    });
    const customer = await findAccountById(tx, order.customerId);
    if (customer) {
      await deps.mailer.send(tx, {
        to: customer.email,
        subject: `A new delivery token for ${order.orderName}`,
        paragraphs: [
          `Hello ${customer.firstName},`,
          `Your order ${order.orderName} has a new delivery token; the old one no longer works. You will find it on your order page.`,
          `Follow your order without signing in: ${ctx.trackUrlOf(order.id, at)}`,
        ],
        action: { label: 'See your order', url: `${deps.config.publicUrl}/account/orders/${order.id}` },
      });
    }
    const carrierId = order.partnerId ?? order.dispatcherId;
    if (carrierId)
      await deps.events.emit(tx, {
        kind: 'token.reissued',
        key: `token.reissued:${order.id}:${at.getTime()}`,
        audience: [{ user: carrierId }],
        params: { orderId: order.id, orderNumber: order.orderName },
      });
  });
  return { id: orderId, deliveryLocked: false };
}

/** The open platform hub the store named in its profile, if any (stores, hubs): where an order assigned to the hub goes. */
async function storeHub(executor: Db, storeId: string): Promise<{ id: string; name: string } | undefined> {
  const hubId = (await findStoreById(executor, storeId))?.hubId;
  return hubId ? activeHubName(executor, hubId) : undefined;
}

/** The partner or dispatcher the assignment names, refused when it is not an approved one; none for the hub. */
async function chosenCarrier(ctx: FulfilmentContext, body: AssignOrderBody) {
  // Shipping partners and platform dispatchers an order may go to (confirmed, active accounts; the auth module's).
  const carriers = body.carrier === 'hub' ? [] : await listCarrierAccounts(ctx.db);
  const chosen =
    body.carrier === 'partner'
      ? carriers.find((carrier) => carrier.kind === 'partner' && carrier.id === body.partnerId)
      : body.carrier === 'dispatcher'
        ? carriers.find((carrier) => carrier.kind === 'dispatcher' && carrier.id === body.dispatcherId)
        : undefined;
  if (body.carrier !== 'hub' && !chosen) {
    throw validation(
      body.carrier === 'partner' ? 'partnerId' : 'dispatcherId',
      body.carrier === 'partner' ? 'No approved shipping partner with this id' : 'No such dispatcher',
    );
  }
  return chosen;
}

/** The carrier the order left hears it was taken away; the one it went to hears of its new order. */
async function tellCarriers(ctx: FulfilmentContext, tx: Db, order: OrderRow, updated: OrderRow) {
  const about = { orderId: order.id, orderNumber: order.orderName, storeName: order.storeName };
  const before = order.partnerId ?? order.dispatcherId;
  const after = updated.partnerId ?? updated.dispatcherId;
  if (before && before !== after)
    await ctx.deps.events.emit(tx, {
      kind: 'assignment.removed',
      key: `assignment.removed:${order.assignmentId}`,
      audience: [{ user: before }],
      params: about,
    });
  if (after)
    await ctx.deps.events.emit(tx, {
      kind: 'assignment.new',
      key: `assignment.new:${updated.assignmentId}`,
      audience: [{ user: after }],
      params: about,
    });
}

/**
 * Assigns an order to a partner, a dispatcher or the platform hub. The move to Assigned goes through the
 * machine under the order's row lock, so of two admins assigning at once one wins and the other gets a 409.
 */
export async function assign(
  ctx: FulfilmentContext,
  orderId: string,
  caller: FulfilmentCaller,
  body: AssignOrderBody,
): Promise<StaffOrder> {
  const { deps, db, orders } = ctx;
  const role = roleOf(caller);
  const chosen = await chosenCarrier(ctx, body);
  let moved: { order: OrderRow; previous: string | null } | undefined;
  const view = await db.transaction(async (tx) => {
    const order = await visibleOrder(tx, orderId, caller, true, true);
    // A carrier holding too much customers' cash takes no more of it until it remits (ADR 074).
    if (order.paymentMethod === 'on_delivery' && chosen) {
      const refusal = await carrierRefusal(tx, chosen.id);
      if (refusal) throw conflict(refusal);
    }
    const hub = body.carrier === 'hub' ? await storeHub(tx, order.storeId) : undefined;
    const name = chosen?.name ?? hub?.name ?? 'Platform hub';
    const at = deps.now();
    await orders.transition(
      tx,
      order.id,
      'assigned',
      { role, id: caller.userId },
      {
        activity:
          body.carrier === 'hub'
            ? hub
              ? `Your order is going to our hub: ${hub.name}.`
              : 'Your order is going to our hub.'
            : body.carrier === 'partner'
              ? `Assigned to ${name} for delivery.`
              : `Assigned to our dispatcher ${name}.`,
      },
    );
    if (order.assignmentId) await closeAssignment(tx, order, 'done', at);
    const assignment = await repository.insertAssignment(tx, {
      orderId: order.id,
      carrierKind: body.carrier,
      partnerId: body.carrier === 'partner' ? body.partnerId : null,
      dispatcherId: body.carrier === 'dispatcher' ? body.dispatcherId : null,
      assignedBy: caller.userId,
      createdAt: at,
    });
    const updated = await repository.updateOrder(tx, order.id, {
      carrierKind: body.carrier,
      carrierName: name,
      partnerId: body.carrier === 'partner' ? body.partnerId : null,
      dispatcherId: body.carrier === 'dispatcher' ? body.dispatcherId : null,
      assignmentId: assignment.id,
      dispatcherName: body.carrier === 'dispatcher' ? name : null,
      dispatchPhoneNumber: body.carrier === 'dispatcher' ? (chosen?.phoneNumber ?? null) : null,
      // Which hub it went to stays on the order after the hub hands it on.
      ...(body.carrier === 'hub' ? { hubId: hub?.id ?? null } : {}),
      updatedAt: at,
    });
    const before = order.partnerId ?? order.dispatcherId;
    await tellCarriers(ctx, tx, order, updated);
    moved = { order: updated, previous: before };
    return staffView(tx, updated, caller);
  });
  if (moved) await publishOrderChange(ctx, moved.order, moved.previous);
  return view;
}

/** The partner takes the assignment on; the status stays Assigned until it picks the parcel up. */
export async function partnerAccept(ctx: FulfilmentContext, orderId: string, caller: FulfilmentCaller) {
  const { deps, db } = ctx;
  return db.transaction(async (tx) => {
    const order = await visibleOrder(tx, orderId, caller, true);
    const assignment = order.assignmentId
      ? await repository.findAssignment(tx, order.assignmentId)
      : undefined;
    if (order.status !== 'assigned' || assignment?.status !== 'assigned') {
      throw conflict(`Order is ${knownNameOfStatus(order.status)}; there is no assignment to accept`);
    }
    const at = deps.now();
    await repository.updateAssignment(tx, assignment.id, { status: 'accepted', respondedAt: at });
    await repository.insertActivity(tx, {
      orderId: order.id,
      status: order.status,
      activity: `${order.carrierName ?? 'The shipping partner'} accepted your order for delivery.`,
      actorType: 'partner',
      actorId: caller.userId,
      createdAt: at,
    });
    return partnerView(tx, order, caller);
  });
}

/** The partner declines: the order goes back to the queue. A decline takes no money, stock or token. */
export async function partnerDecline(
  ctx: FulfilmentContext,
  orderId: string,
  caller: FulfilmentCaller,
  reason: string,
) {
  const { db } = ctx;
  const body = { status: 'declined', note: reason } as const;
  let previousCarrier: string | null = null;
  const moved = await db.transaction(async (tx) => {
    const { order, at } = await lockMove(ctx, tx, orderId, caller, body);
    previousCarrier = order.partnerId ?? order.dispatcherId;
    return applyMove(ctx, tx, order, caller, body, {
      at,
      deliveryTokenChecked: false,
      refunding: false,
    });
  });
  const answer = await answerMove(ctx, moved, caller, previousCarrier);
  return { id: answer.id, orderStatus: answer.orderStatus };
}

/** The rider who carries it: name and phone (normalised to +234), shown to the customer. */
export async function setDispatcher(
  ctx: FulfilmentContext,
  orderId: string,
  caller: FulfilmentCaller,
  body: DispatcherBody,
) {
  const { deps, db } = ctx;
  const phone = normalizeNigerianPhone(body.dispatchPhoneNumber, 'dispatchPhoneNumber');
  return db.transaction(async (tx) => {
    const order = await visibleOrder(tx, orderId, caller, true);
    if (['delivered', 'completed', 'cancelled', 'returned'].includes(order.status)) {
      throw conflict(`Order is ${knownNameOfStatus(order.status)}; its dispatcher cannot change`);
    }
    const at = deps.now();
    const updated = await repository.updateOrder(tx, order.id, {
      dispatcherName: body.dispatcherName,
      dispatchPhoneNumber: phone,
      updatedAt: at,
    });
    await repository.insertActivity(tx, {
      orderId: order.id,
      status: order.status,
      activity: `${body.dispatcherName} (${phone}) will bring your order.`,
      actorType: 'partner',
      actorId: caller.userId,
      createdAt: at,
    });
    return partnerView(tx, updated, caller);
  });
}

/**
 * Delivered orders whose return window passed by `cutoff` (at most `batch`): the ones the order-money flow's timed
 * work completes (`flows/order-money.ts#completeAfterReturnWindow`), each through the status machine.
 */
export async function deliveredBefore(ctx: FulfilmentContext, cutoff: Date, batch = 200): Promise<string[]> {
  return repository.deliveredBefore(ctx.db, cutoff, batch);
}
