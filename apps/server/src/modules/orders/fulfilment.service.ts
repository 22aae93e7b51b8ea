import {
  type AssignOrderBody,
  type CarrierOption,
  type DispatcherBody,
  koboToNaira,
  type NotificationKind,
  type OrderStatusCode,
  type OrderSummary,
  orderStatusOf,
  type PartnerOrder,
  type StaffOrder,
  type TimelineEntry,
  type UpdateOrderBody,
} from '@market/contracts';
import type { Db } from '../../platform/db/client.js';
import { pageInfo } from '../../platform/db/paging.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, conflict, notFound, validation } from '../../platform/errors.js';
import type { EventAudience } from '../../platform/notify/events.js';
import { ORDERS_CHANGED, orderChangePayload } from '../../platform/notify/topics.js';
import { normalizeNigerianPhone } from '../../platform/phone.js';
import { trackingUrlMaker } from '../../platform/security/tracking-links.js';
import { imageFileId } from '../../platform/storage/media.js';
import { staffActivityText } from './activity-words.js';
import { checkDeliveryToken, collectionOf, roleOf, takenBack, wrongTokenAnswer } from './fulfilment.moves.js';
import { readSearch, searchOrderRows } from './order-search.js';
import { holdsAssignment, knownNameOfStatus, moveBetween, offeredMoves } from './order-status.js';
import type { ActivityRow, ItemRow, OrderFilter, OrderRow } from './orders.repository.js';

export { MAX_WRONG_TOKENS, type TakenBack } from './fulfilment.moves.js';

import * as repository from './orders.repository.js';
import { payOnDeliveryTermsOf } from './orders.repository.js';
import {
  handoverTokenHash,
  newDeliveryToken,
  type OrdersService,
  type StoreTaxOf,
} from './orders.service.js';
import { LABEL_OF_ANOTHER_ORDER, parcelReference, readParcelReference } from './parcel-reference.js';
import type { RefundNeeds } from './refunds.service.js';

/** Who calls: the guard's account kind, admin role and store, in the words of the fulfilment chain. */
export interface FulfilmentCaller {
  kind: 'customer' | 'merchant' | 'admin' | 'partner';
  userId: string;
  role: string | null;
  storeId?: string;
  /** What the guard resolved the caller may do: an admin without `orders:read-all` reads only what they carry. */
  permissions: readonly string[];
}

/** What the orders module needs of others for the chain, handed in by the composition (ADR 010). */
export interface FulfilmentNeeds {
  findCustomer(executor: Db, id: string): Promise<{ email: string; firstName: string } | undefined>;
  /** Reserves a refund on the payment, in the transaction that records the intent to send it (ADR 061). */
  reserveRefund: RefundNeeds['reserveRefund'];
  /** Sends money back through the payment provider (after the intent committed). */
  sendRefund: RefundNeeds['sendRefund'];
  /** Frees a refund's reservation on the payment when the provider reports it failed. */
  releaseRefund: RefundNeeds['releaseRefund'];
  /** Gives a checkout's gift-card money back to its cards. */
  refundToCards: RefundNeeds['refundToCards'];
  /** Where a carrier collects the store's parcel. */
  storePickup(executor: Db, storeId: string): Promise<{ address: string; phoneNumber: string | null }>;
  /** Shipping partners and platform dispatchers an order may go to (confirmed, active accounts). */
  carriers(executor: Db): Promise<CarrierOption[]>;
  /** The open platform hub the store named in its profile, if any: where an order assigned to the hub goes. */
  storeHub(executor: Db, storeId: string): Promise<{ id: string; name: string } | undefined>;
  /** The store's own TIN and VAT registration, for the customer's receipt. */
  storeTax: StoreTaxOf;
  /** An order's money from the ledger's entries, in kobo (ADR 046): commission kept, due to the store, refunded. */
  orderFigures(
    executor: Db,
    orderId: string,
  ): Promise<{ commission: number; commissionBasisPoints: number | null; due: number; refunded: number }>;
  /** Pay on delivery (ADR 074): a carrier's cash limit when it is given an order paid at the door. */
  payOnDelivery: Pick<PayOnDeliverySteps, 'carrierRefusal'>;
}

/** What a move asks of pay on delivery, in the move's transaction (ADR 074; the order-fulfilment flow's steps). */
export interface PayOnDeliverySteps {
  /** The carrier took the due amount at the door: the collection and its ledger movement. */
  collect(
    executor: Db,
    order: OrderRow,
    collection: {
      method: 'cash' | 'pos' | 'transfer';
      reference: string | null;
      amountKobo: number;
      carrier: { id: string; kind: 'dispatcher' | 'partner' | 'hub'; name: string };
    },
  ): Promise<void>;
  /** The customer refused the parcel at the door. */
  refused(executor: Db, order: OrderRow): Promise<void>;
  /** Why this carrier may not be given another order paid on delivery now (its cash held), or null. */
  carrierRefusal(executor: Db, carrierId: string): Promise<string | null>;
}

/** A photo sent with a move (multipart), checked and stored by the platform's image pipeline. */
export interface EvidenceUpload {
  bytes: Buffer;
}

/** Assignment waits in this queue: the order is with nobody who moves it on. */
export const queueStatuses: OrderStatusCode[] = ['ready_for_pickup', 'declined', 'at_hub'];

/** The customer-facing sentence of each move, written into the timeline. */
const moveText: Partial<Record<OrderStatusCode, string>> = {
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

/** Mails to the customer on the moves they care about most (issue 7). */

/** The first instant of today in Lagos (UTC+1 all year), as a UTC date. */
export function startOfLagosDay(now: Date): Date {
  const lagos = new Date(now.getTime() + 60 * 60 * 1000);
  return new Date(Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth(), lagos.getUTCDate()) - 60 * 60 * 1000);
}

export function createFulfilmentService(deps: Deps, orders: OrdersService, needs: FulfilmentNeeds) {
  const { db } = deps;

  /** Whether the caller may see this order at all; anything else is a 404, so ids of others leak nothing. */
  const readsAllOrders = (caller: FulfilmentCaller) =>
    caller.kind === 'admin' && caller.permissions.includes('orders:read-all');
  const carries = (order: OrderRow, caller: FulfilmentCaller) =>
    order.carrierKind === 'dispatcher' && order.dispatcherId === caller.userId;

  function canSee(order: OrderRow, caller: FulfilmentCaller): boolean {
    if (order.status === 'awaiting_payment') return false;
    switch (caller.kind) {
      case 'merchant':
        return Boolean(caller.storeId) && order.storeId === caller.storeId;
      case 'partner':
        return order.partnerId === caller.userId;
      case 'admin':
        // A dispatcher reads the orders they carry; the queue they assign from comes as summaries (issue 24).
        return readsAllOrders(caller) || carries(order, caller);
      default:
        return order.customerId === caller.userId;
    }
  }

  /**
   * Moves of the table the caller may make on this very order through update-order: the machine's `offeredMoves`
   * (their assignment for a carrying move; never a move only the returns module or the system makes).
   */
  function allowedFor(order: OrderRow, caller: FulfilmentCaller): OrderStatusCode[] {
    return offeredMoves(order, { role: roleOf(caller), id: caller.userId });
  }

  async function visibleOrder(
    executor: Db,
    orderId: string,
    caller: FulfilmentCaller,
    lock = false,
    /** Assigning: an admin allowed to assign reaches any paid order, to assign it, without reading it. */
    toAssign = false,
  ) {
    const order = lock
      ? await repository.lockOrder(executor, orderId)
      : await repository.findOrder(executor, orderId);
    const reachable =
      order &&
      (toAssign && caller.kind === 'admin' ? order.status !== 'awaiting_payment' : canSee(order, caller));
    if (!order || !reachable) throw notFound('Order not found');
    return order;
  }

  function refusal(order: OrderRow, to: OrderStatusCode, caller: FulfilmentCaller): AppError {
    const role = roleOf(caller);
    const move = moveBetween(order.status, to);
    const from = knownNameOfStatus(order.status);
    if (move?.roles.includes(role)) {
      if (move.settles === 'settled_return') {
        return conflict(
          `Order is ${from}; it becomes Returned only when the store has received an approved return of every item and refunded or replaced it`,
        );
      }
      if (move.byAssignee && !holdsAssignment(order, { role, id: caller.userId })) {
        return conflict(`Order is ${from}; only its own carrier can move it to ${knownNameOfStatus(to)}`);
      }
    }
    return conflict(
      `Order is ${from}; it cannot move to ${knownNameOfStatus(to)}${move ? ` as ${role}` : ''}`,
    );
  }

  function timeline(rows: ActivityRow[]): TimelineEntry[] {
    return rows.map((row) => ({
      status: row.status,
      knownName: knownNameOfStatus(row.status),
      activity: staffActivityText(row.activity),
      actorType: row.actorType,
      evidence: row.evidence,
      parcelScanned: row.parcelRef !== null,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  function carrierFields(order: OrderRow) {
    return {
      assignedToDispatcher: order.carrierKind === 'dispatcher',
      assignedToShippingPartner: order.carrierKind === 'partner',
      assignedToPlatformHub: order.carrierKind === 'hub',
      partnerAssignOrderId: order.carrierKind === 'partner' ? order.assignmentId : null,
      partnerProfile: order.partnerId
        ? { id: order.partnerId, name: order.carrierName ?? 'Shipping partner' }
        : null,
      dispatcherId: order.dispatcherId,
      dispatcherName: order.dispatcherName,
      dispatchPhoneNumber: order.dispatchPhoneNumber,
      partnerAcceptedAt: null as string | null,
      assignedAt: null as string | null,
    };
  }

  async function assignmentTimes(executor: Db, order: OrderRow) {
    if (!order.assignmentId) return { partnerAcceptedAt: null, assignedAt: null };
    const assignment = await repository.findAssignment(executor, order.assignmentId);
    return {
      partnerAcceptedAt:
        assignment?.status === 'accepted' || assignment?.status === 'done'
          ? (assignment.respondedAt?.toISOString() ?? null)
          : null,
      assignedAt: assignment?.createdAt.toISOString() ?? null,
    };
  }

  const line = (item: ItemRow) => ({
    productId: item.productId,
    variantId: item.variantId,
    productName: item.productName,
    sku: item.sku,
    quantity: item.quantity,
    productVariants: item.productVariant,
    hostedImages: item.hostedImages,
  });

  async function staffView(executor: Db, order: OrderRow, caller: FulfilmentCaller): Promise<StaffOrder> {
    const [items, activities, locked, times, books, refundRows] = await Promise.all([
      repository.itemsOfOrders(executor, [order.id]),
      repository.activitiesOfOrders(executor, [order.id]),
      repository.lockedDeliveries(executor, [order.id]),
      assignmentTimes(executor, order),
      needs.orderFigures(executor, order.id),
      repository.refundsOfOrder(executor, order.id),
    ]);
    // Booked but not yet at the customer (issue 34 item 14): a refund that failed, waits, or whose answer is unknown.
    const owedKobo = refundRows
      .filter((row) => ['pending', 'processing', 'failed', 'unknown'].includes(row.status))
      .reduce((sum, row) => sum + row.amountKobo, 0);
    return {
      id: order.id,
      orderName: order.orderName,
      orderNote: order.orderNote,
      orderStatus: orderStatusOf(order.status),
      subtotal: koboToNaira(order.subtotalKobo),
      shippingFee: koboToNaira(order.shippingFeeKobo),
      discount: koboToNaira(order.discountKobo),
      total: koboToNaira(order.totalKobo),
      payOnDelivery: payOnDeliveryTermsOf(order),
      // The order's money as the books say it (ADR 046), for the store and the platform's staff only.
      commission: koboToNaira(books.commission),
      commissionBasisPoints: books.commissionBasisPoints,
      dueToMerchant: koboToNaira(books.due),
      refunded: koboToNaira(books.refunded),
      refundOwed: koboToNaira(owedKobo),
      storeId: order.storeId,
      storeName: order.storeName,
      customerId: order.customerId,
      customerName: order.deliveryAddress.fullName,
      // Who assigns an order without carrying or reading it learns where it goes, not the door: name, state, LGA.
      deliveryAddress: canSee(order, caller)
        ? order.deliveryAddress
        : {
            fullName: order.deliveryAddress.fullName,
            phoneNumber: '',
            emailAddress: null,
            state: order.deliveryAddress.state,
            lga: order.deliveryAddress.lga,
            address: '',
          },
      orderItems: items.map((item) => ({
        ...line(item),
        productPrice: koboToNaira(item.unitPriceKobo),
        discount: koboToNaira(item.discountKobo),
      })),
      shippingEvidence: order.shippingEvidence,
      ...carrierFields(order),
      ...times,
      platformHub:
        order.carrierKind === 'hub' && order.hubId
          ? { id: order.hubId, name: order.carrierName ?? 'Platform hub' }
          : null,
      deliveryLocked: locked.has(order.id),
      orderActivities: timeline(activities),
      allowedNextStatuses: allowedFor(order, caller).map(orderStatusOf),
      createdAt: order.createdAt.toISOString(),
    };
  }

  async function partnerView(executor: Db, order: OrderRow, caller: FulfilmentCaller): Promise<PartnerOrder> {
    const [items, activities, locked, times, pickup] = await Promise.all([
      repository.itemsOfOrders(executor, [order.id]),
      repository.activitiesOfOrders(executor, [order.id]),
      repository.lockedDeliveries(executor, [order.id]),
      assignmentTimes(executor, order),
      needs.storePickup(executor, order.storeId),
    ]);
    return {
      id: order.id,
      orderName: order.orderName,
      orderNote: order.orderNote,
      orderStatus: orderStatusOf(order.status),
      storeName: order.storeName,
      pickup,
      dropOff: order.deliveryAddress,
      orderItems: items.map(line),
      weightKg: order.weightGrams === null ? null : order.weightGrams / 1000,
      payOnDelivery: payOnDeliveryTermsOf(order),
      ...carrierFields(order),
      ...times,
      deliveryLocked: locked.has(order.id),
      orderActivities: timeline(activities),
      allowedNextStatuses: allowedFor(order, caller).map(orderStatusOf),
      createdAt: order.createdAt.toISOString(),
    };
  }

  async function summaries(rows: OrderRow[], withDeclineReasons = false): Promise<OrderSummary[]> {
    const declined = rows.filter((row) => row.status === 'declined').map((row) => row.id);
    const [counts, reasons] = await Promise.all([
      repository.itemCounts(
        db,
        rows.map((row) => row.id),
      ),
      withDeclineReasons ? repository.latestDeclineReasons(db, declined) : new Map<string, string>(),
    ]);
    return rows.map((row) => ({
      id: row.id,
      orderName: row.orderName,
      orderStatus: orderStatusOf(row.status),
      total: koboToNaira(row.totalKobo),
      storeId: row.storeId,
      storeName: row.storeName,
      customerName: row.deliveryAddress.fullName,
      itemCount: counts.get(row.id) ?? 0,
      carrierName: row.dispatcherName ?? row.carrierName,
      ...(withDeclineReasons ? { declineReason: reasons.get(row.id) ?? null } : {}),
      createdAt: row.createdAt.toISOString(),
    }));
  }

  function dateFilter(query: {
    from?: string;
    to?: string;
  }): Pick<OrderFilter, 'createdFrom' | 'createdBefore'> {
    const day = 24 * 60 * 60 * 1000;
    return {
      createdFrom: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
      createdBefore: query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + day) : undefined,
    };
  }

  /**
   * Live lists (ADR 057): the customer's order page, the store's, the carrier's and the admins' queue hear that the
   * order moved, in every
   * process, after the commit. Any move may add to or take from the queue, so the queue always hears.
   */
  async function publishOrderChange(order: OrderRow, previousCarrierId: string | null = null) {
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
   * retried request tells nobody twice.
   */
  async function tellOfMove(
    executor: Db,
    order: OrderRow,
    to: OrderStatusCode,
    caller: FulfilmentCaller,
    note: string | undefined,
    at: Date,
    refunding: boolean,
  ) {
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

  // Tracking links in customers' mails (issue 36): signed, bound to the order, living past the return window.
  const trackUrlOf = trackingUrlMaker(deps.config);

  /** The open assignment of the order ends (declined, or the parcel moved past it). */
  async function closeAssignment(
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

  const service = {
    /** The statuses the caller may move this order to now. */
    /** Admin search across every store (issue 35): by order number, phone, e-mail or name words; bounded. */
    async searchOrders(query: { q: string; limit: number }) {
      const read = readSearch(query.q);
      if (!read) throw validation('q', 'Type an order number, phone number, e-mail or name');
      const rows = await searchOrderRows(db, read.where, query.limit);
      return { matchedBy: read.kind, orders: await summaries(rows) };
    },

    /**
     * What a parcel's label prints (ADR 078), for an order the caller may read and that still has a parcel to move:
     * paid, not yet delivered, cancelled or returned. The QR code is drawn by the caller from `reference`.
     */
    async parcelLabel(orderId: string, caller: FulfilmentCaller) {
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
          variant:
            [item.productVariant?.size, item.productVariant?.color].filter(Boolean).join(' / ') || null,
          quantity: item.quantity,
        })),
        weightGrams: order.weightGrams,
        carrierName: order.carrierName,
        reference: parcelReference(deps.config.jwtSecret, order.id),
      };
    },

    /** The order a scanned label names, for the carrier, store or admin who may move it (ADR 078). */
    async scannedParcel(scanned: string, caller: FulfilmentCaller) {
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
    },

    async allowedNext(orderId: string, caller: FulfilmentCaller) {
      const order = await visibleOrder(db, orderId, caller);
      return allowedFor(order, caller).map(orderStatusOf);
    },

    /**
     * The steps of one move along the machine (`PATCH /ordertracking/update-order/{id}`), in the order the
     * order-fulfilment flow (`flows/order-fulfilment.ts`) takes them; the steps of other modules go between them.
     */
    moves: {
      /**
       * Before the transaction: a scanned label must be this order's (ADR 078; without one the move is the tapped
       * button it always was), and the move's photo is checked and stored (the move is checked first).
       */
      async prepare(
        orderId: string,
        caller: FulfilmentCaller,
        body: UpdateOrderBody,
        upload?: EvidenceUpload,
      ) {
        const parcel = body.parcel ? readParcelReference(deps.config.jwtSecret, body.parcel) : undefined;
        if (parcel && parcel.orderId !== orderId) throw validation('parcel', LABEL_OF_ANOTHER_ORDER);
        const shippingEvidence = await evidenceFor(orderId, caller, body, upload);
        return { parcelRef: parcel?.reference, shippingEvidence };
      },

      /**
       * The order locked, the caller may see it and make this move; what the carrier says it took at the door
       * (an order paid on delivery moved to delivered) read before the token, so a wrong amount changes nothing.
       */
      async lock(tx: Db, orderId: string, caller: FulfilmentCaller, body: UpdateOrderBody) {
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
      },

      /**
       * The customer's delivery token, when the move needs it: checked (a hand-over completed) or a wrong one
       * counted, answered by `wrongTokenAnswer` after the count commits.
       */
      async checkToken(tx: Db, order: OrderRow, body: UpdateOrderBody, at: Date) {
        if (moveBetween(order.status, body.status)?.needs !== 'delivery_token')
          return { checked: false } as const;
        const wrong = await checkDeliveryToken(tx, order, body.deliveryToken, at);
        return wrong ? ({ checked: false, wrong } as const) : ({ checked: true } as const);
      },

      takenBack,
      wrongTokenAnswer,

      /**
       * The move itself: the machine's transition with its evidence, the carrier's assignment closed or accepted,
       * the order's own fields, and who is told.
       */
      async apply(
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
        const to = body.status;
        const { at } = facts;
        const role = roleOf(caller);
        const text = [moveText[to] ?? `Order is ${knownNameOfStatus(to)}.`, body.note]
          .filter(Boolean)
          .join(' ');
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
        const final =
          Object.keys(patch).length > 0 ? await repository.updateOrder(tx, order.id, patch) : moved;
        await tellOfMove(tx, final, to, caller, body.note, at, facts.refunding);
        return final;
      },

      /** After the commit: live screens hear of the move; the answer names what the caller may do next. */
      async answer(order: OrderRow, caller: FulfilmentCaller, previousCarrier: string | null) {
        await publishOrderChange(order, previousCarrier);
        return {
          id: order.id,
          orderStatus: orderStatusOf(order.status),
          allowedNextStatuses: allowedFor(order, caller).map(orderStatusOf),
        };
      },
    },

    /** `update-token`: a new delivery token for the customer; the old one stops working and a lock is lifted. */
    async updateToken(orderId: string, caller: FulfilmentCaller) {
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
        const customer = await needs.findCustomer(tx, order.customerId);
        if (customer) {
          await deps.mailer.send(tx, {
            to: customer.email,
            subject: `A new delivery token for ${order.orderName}`,
            paragraphs: [
              `Hello ${customer.firstName},`,
              `Your order ${order.orderName} has a new delivery token; the old one no longer works. You will find it on your order page.`,
              `Follow your order without signing in: ${trackUrlOf(order.id, at)}`,
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
    },

    async merchantList(
      caller: FulfilmentCaller,
      query: { page: number; limit: number; status?: string; from?: string; to?: string; search?: string },
    ) {
      const { rows, total } = await repository.orderPage(
        db,
        { storeId: caller.storeId, status: query.status, search: query.search, ...dateFilter(query) },
        query,
      );
      return { orders: await summaries(rows), pagination: pageInfo(query.page, query.limit, total) };
    },

    async adminList(
      caller: FulfilmentCaller,
      query: {
        page: number;
        limit: number;
        status?: string;
        from?: string;
        to?: string;
        search?: string;
        queue?: 'true' | 'false';
        mine?: 'true' | 'false';
      },
    ) {
      const queueOnly = query.queue === 'true' && caller.permissions.includes('orders:assign');
      const { rows, total } = await repository.orderPage(
        db,
        {
          status: query.status,
          statuses: query.queue === 'true' ? queueStatuses : undefined,
          // Without orders:read-all (a dispatcher), the list is the caller's own deliveries whatever was asked,
          // but the queue they assign from (the queue endpoint's own permission).
          dispatcherId:
            query.mine === 'true' || !(readsAllOrders(caller) || queueOnly) ? caller.userId : undefined,
          search: query.search,
          ...dateFilter(query),
        },
        query,
      );
      return {
        // The queue shows admins why a carrier declined, so the next assignment avoids the same problem.
        orders: await summaries(rows, true),
        pagination: pageInfo(query.page, query.limit, total),
      };
    },

    /**
     * Whether the caller may see a parcel photo: whoever may see an order it belongs to (its customer, its store's
     * members who read orders, its carrier, admins who read it), or who took it (issue 24).
     */
    async mayViewEvidence(caller: FulfilmentCaller, fileId: string): Promise<boolean> {
      const owners = await repository.ordersWithEvidence(db, fileId);
      return owners.some(
        (order) =>
          canSee(order, caller) && (caller.kind !== 'merchant' || caller.permissions.includes('orders:read')),
      );
    },

    async staffOrder(orderId: string, caller: FulfilmentCaller) {
      return staffView(db, await visibleOrder(db, orderId, caller), caller);
    },

    carriers: () => needs.carriers(db),

    /**
     * Assigns an order to a partner, a dispatcher or the platform hub. The move to Assigned goes through the
     * machine under the order's row lock, so of two admins assigning at once one wins and the other gets a 409.
     */
    async assign(orderId: string, caller: FulfilmentCaller, body: AssignOrderBody): Promise<StaffOrder> {
      const role = roleOf(caller);
      const carriers = body.carrier === 'hub' ? [] : await needs.carriers(db);
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
      let moved: { order: OrderRow; previous: string | null } | undefined;
      const view = await db.transaction(async (tx) => {
        const order = await visibleOrder(tx, orderId, caller, true, true);
        // A carrier holding too much customers' cash takes no more of it until it remits (ADR 074).
        if (order.paymentMethod === 'on_delivery' && chosen) {
          const refusal = await needs.payOnDelivery.carrierRefusal(tx, chosen.id);
          if (refusal) throw conflict(refusal);
        }
        const hub = body.carrier === 'hub' ? await needs.storeHub(tx, order.storeId) : undefined;
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
        const about = { orderId: order.id, orderNumber: order.orderName, storeName: order.storeName };
        const before = order.partnerId ?? order.dispatcherId;
        const after = updated.partnerId ?? updated.dispatcherId;
        if (before && before !== after)
          await deps.events.emit(tx, {
            kind: 'assignment.removed',
            key: `assignment.removed:${order.assignmentId}`,
            audience: [{ user: before }],
            params: about,
          });
        if (after)
          await deps.events.emit(tx, {
            kind: 'assignment.new',
            key: `assignment.new:${assignment.id}`,
            audience: [{ user: after }],
            params: about,
          });
        moved = { order: updated, previous: before };
        return staffView(tx, updated, caller);
      });
      if (moved) await publishOrderChange(moved.order, moved.previous);
      return view;
    },

    async partnerList(caller: FulfilmentCaller, query: { page: number; limit: number; status?: string }) {
      const { rows, total } = await repository.orderPage(
        db,
        { partnerId: caller.userId, status: query.status },
        query,
      );
      const [views, deliveredToday] = await Promise.all([
        Promise.all(rows.map((row) => partnerView(db, row, caller))),
        repository.countDeliveredSince(db, caller.userId, startOfLagosDay(deps.now())),
      ]);
      return { orders: views, pagination: pageInfo(query.page, query.limit, total), deliveredToday };
    },

    async partnerOrder(orderId: string, caller: FulfilmentCaller) {
      return partnerView(db, await visibleOrder(db, orderId, caller), caller);
    },

    /** The partner takes the assignment on; the status stays Assigned until it picks the parcel up. */
    async partnerAccept(orderId: string, caller: FulfilmentCaller) {
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
    },

    /** The partner declines: the order goes back to the queue. A decline takes no money, stock or token. */
    async partnerDecline(orderId: string, caller: FulfilmentCaller, reason: string) {
      const body = { status: 'declined', note: reason } as const;
      let previousCarrier: string | null = null;
      const moved = await db.transaction(async (tx) => {
        const { order, at } = await service.moves.lock(tx, orderId, caller, body);
        previousCarrier = order.partnerId ?? order.dispatcherId;
        return service.moves.apply(tx, order, caller, body, {
          at,
          deliveryTokenChecked: false,
          refunding: false,
        });
      });
      const answer = await service.moves.answer(moved, caller, previousCarrier);
      return { id: answer.id, orderStatus: answer.orderStatus };
    },

    /** The rider who carries it: name and phone (normalised to +234), shown to the customer. */
    async setDispatcher(orderId: string, caller: FulfilmentCaller, body: DispatcherBody) {
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
    },

    /**
     * Timed work: delivered orders whose return window has passed become completed, each in its own transaction
     * through the status machine as the system. An order moved meanwhile (a return asked) is left as it is.
     */
    async completeAfterReturnWindow(windowDays: number, batch = 200): Promise<number> {
      const cutoff = new Date(deps.now().getTime() - windowDays * 24 * 60 * 60 * 1000);
      const due = await repository.deliveredBefore(db, cutoff, batch);
      let completed = 0;
      for (const orderId of due) {
        try {
          await db.transaction((tx) =>
            orders.transition(
              tx,
              orderId,
              'completed',
              { role: 'system', id: null },
              { activity: 'The return window has closed; your order is complete.' },
            ),
          );
          completed += 1;
        } catch (error) {
          if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
        }
      }
      return completed;
    },
  };
  return service;

  /**
   * The photo of a move, as the address stored with it: an upload sent with the move is checked (JPEG, PNG or WebP by
   * its bytes, 8 MB at most) and stored by the image pipeline, which strips its metadata (a phone's GPS position),
   * under a purpose that names the order and the move. A JSON address must be a photo the caller uploaded for this
   * order and this move (one whose move lost a race) and not already evidence on the order: a photo is evidence of
   * one move of one order (ADR 040). The order and the move are checked first, so a refused move stores nothing;
   * `transition` refuses a move that needs a photo and has none (422).
   */
  async function evidenceFor(
    orderId: string,
    caller: FulfilmentCaller,
    body: UpdateOrderBody,
    upload: EvidenceUpload | undefined,
  ): Promise<string | undefined> {
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
      fileId &&
      (await deps.media.ownsImageUrls(db, caller.userId, [url], { visibility: 'private', purpose }));
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
}

/** The stored file's purpose of a shipping photo: the order and the move it is evidence of. */
export function evidencePurpose(orderId: string, to: OrderStatusCode): string {
  return `shipping-evidence:${orderId}:${to}`;
}

const clearedCarrier = {
  carrierKind: null,
  carrierName: null,
  partnerId: null,
  dispatcherId: null,
  assignmentId: null,
  dispatcherName: null,
  dispatchPhoneNumber: null,
} satisfies Partial<repository.NewOrder>;

export type FulfilmentService = ReturnType<typeof createFulfilmentService>;
