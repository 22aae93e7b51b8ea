import { randomUUID } from 'node:crypto';
import { koboToNaira, type Tracker } from '@market/contracts';
import type { Db } from '../../platform/db/client.js';
import type { StatementPart } from '../../platform/db/prepared.js';
import { notFound } from '../../platform/errors.js';
import { initialStatus, type OrderActor } from './order-status.js';
import type { OrdersContext } from './orders.context.js';
import type { OrderRow, TrackerKey, TrackerRow } from './orders.repository.js';
import * as repository from './orders.repository.js';
import type { DeliveryAddress } from './orders.schema.js';
import { defaultActivity, markOrdersPaid, newOrderName, transition } from './orders.transitions.js';
// A checkout's orders: written at once (one tracker, one order per store), gift cards held, paid, closed unpaid,
// and how the customer's checkout reads (the tracker).

export interface CheckoutOrderInput {
  storeId: string;
  storeName: string;
  merchantId: string;
  subtotalKobo: number;
  shippingKobo: number;
  discountKobo: number;
  withinLagos: boolean;
  lagosMerchant: boolean;
  lagosCustomer: boolean;
  /** Chargeable weight of the parcel, for the carrier. */
  weightGrams?: number;
  /** Paid at the door (ADR 074): its total is not part of what the provider collects; the carrier adds the fee. */
  payOnDelivery?: { feeKobo: number };
  coupon: { couponId: string; code: string | null; rewardProductIds: string[] } | null;
  items: {
    productId: string;
    variantId: string | null;
    productName: string;
    sku: string;
    unitPriceKobo: number;
    quantity: number;
    hostedImages: string[];
    productVariant: { size: string | null; color: string | null } | null;
  }[];
}

export interface CheckoutInput {
  reference: string;
  customerId: string;
  itemsSubtotalKobo: number;
  shippingTotalKobo: number;
  discountTotalKobo: number;
  deliveryAddress: DeliveryAddress;
  appliedCouponCodes: string[];
  expiresAt: Date;
  orderNote: string | null;
  /** Stock taken for this checkout, given back if payment does not come. */
  reservations: { productId: string; variantId: string | null; quantity: number }[];
  stores: CheckoutOrderInput[];
  /**
   * Other modules' writes that need the checkout's id and amount due, sent in the statement that writes it (ADR
   * 087): its payment's row, when nothing after the insert changes the amount.
   */
  writeWith?: (
    tracker: Pick<TrackerRow, 'id' | 'reference' | 'customerId' | 'amountDueKobo'>,
  ) => StatementPart[];
}

/** The order row of one store's part of a checkout, entering the status machine as awaiting payment. */
function storeOrderRow(
  input: CheckoutInput,
  store: CheckoutOrderInput,
  id: string,
  trackerId: string,
  at: Date,
) {
  return {
    id,
    createdAt: at,
    updatedAt: at,
    trackerId,
    orderName: newOrderName(),
    customerId: input.customerId,
    storeId: store.storeId,
    merchantId: store.merchantId,
    storeName: store.storeName,
    status: initialStatus.to,
    subtotalKobo: store.subtotalKobo,
    shippingFeeKobo: store.shippingKobo,
    discountKobo: store.discountKobo,
    totalKobo: store.subtotalKobo - store.discountKobo + store.shippingKobo,
    paymentMethod: store.payOnDelivery ? ('on_delivery' as const) : ('online' as const),
    podFeeKobo: store.payOnDelivery?.feeKobo ?? 0,
    deliveryAddress: input.deliveryAddress,
    orderNote: input.orderNote,
    withinLagos: store.withinLagos,
    lagosMerchant: store.lagosMerchant,
    lagosCustomer: store.lagosCustomer,
    weightGrams: store.weightGrams ?? null,
    couponId: store.coupon?.couponId ?? null,
    couponCode: store.coupon?.code ?? null,
    rewardProductIds: store.coupon?.rewardProductIds ?? [],
  };
}

/**
 * Writes one checkout: the tracker, its stock reservations, and one order per store with its items, each
 * entering the status machine as awaiting payment. Runs in the caller's transaction.
 */
export async function createFromCheckout(
  ctx: OrdersContext,
  executor: Db,
  input: CheckoutInput,
): Promise<{
  tracker: TrackerRow;
  orders: OrderRow[];
  items: repository.ItemRow[];
  activities: repository.ActivityRow[];
}> {
  const totalKobo = input.itemsSubtotalKobo - input.discountTotalKobo + input.shippingTotalKobo;
  // The service's clock, not the database's: reports and the dashboard compare these times with deps.now().
  const at = ctx.deps.now();
  // Ids chosen here so that the rows of one statement can name each other (ADR 036: the whole checkout is
  // written in one round trip, whatever the number of stores and lines).
  const trackerId = randomUUID();
  const storeOrders = input.stores.map((store) => ({ store, id: randomUUID() }));
  const onDeliveryKobo = input.stores
    .filter((store) => store.payOnDelivery)
    .reduce((sum, store) => sum + store.subtotalKobo - store.discountKobo + store.shippingKobo, 0);
  const amountDueKobo = totalKobo - onDeliveryKobo;
  const writeWith =
    input.writeWith?.({
      id: trackerId,
      reference: input.reference,
      customerId: input.customerId,
      amountDueKobo,
    }) ?? [];
  return repository.insertCheckout(
    executor,
    {
      tracker: {
        id: trackerId,
        createdAt: at,
        updatedAt: at,
        reference: input.reference,
        customerId: input.customerId,
        itemsSubtotalKobo: input.itemsSubtotalKobo,
        shippingTotalKobo: input.shippingTotalKobo,
        discountTotalKobo: input.discountTotalKobo,
        giftCardKobo: 0,
        onDeliveryKobo,
        amountDueKobo,
        deliveryAddress: input.deliveryAddress,
        appliedCouponCodes: input.appliedCouponCodes,
        expiresAt: input.expiresAt,
      },
      reservations: input.reservations,
      orders: storeOrders.map(({ store, id }) => storeOrderRow(input, store, id, trackerId, at)),
      // One order per store: the store names the order its items belong to.
      items: storeOrders.flatMap(({ store, id }) => store.items.map((item) => ({ ...item, orderId: id }))),
      activities: storeOrders.map(({ id }) => ({
        orderId: id,
        status: initialStatus.to,
        activity: defaultActivity.awaiting_payment!,
        actorType: 'checkout',
        actorId: null,
        createdAt: at,
      })),
    },
    writeWith,
  );
}

/** Gift cards held for this checkout lower what the provider must collect. */
export async function applyGiftCards(executor: Db, trackerId: string, heldKobo: number): Promise<TrackerRow> {
  // The amount due worked out from the row being updated: the checkout just written is not read again.
  const tracker = await repository.applyGiftCards(executor, trackerId, heldKobo);
  if (!tracker) throw notFound('Checkout not found');
  return tracker;
}

export async function customerTracker(
  ctx: OrdersContext,
  customerId: string,
  key: TrackerKey,
): Promise<TrackerRow> {
  const row = await repository.findTracker(ctx.deps.db, key, customerId);
  if (!row) throw notFound('Checkout not found');
  return row;
}

/**
 * The customer's checkout with its orders, items and activities, in one statement (ADR 037): what the payer's
 * return shows, for `trackerView`'s `written`.
 */
export async function customerTrackerWithContents(ctx: OrdersContext, customerId: string, reference: string) {
  const found = await repository.findCustomerTrackerWithContents(ctx.deps.db, reference, customerId);
  if (!found) throw notFound('Checkout not found');
  return found;
}

/**
 * `written`: the orders, items and activities of a checkout just created, so that they are not read back (ADR 033;
 * the orders since ADR 036, answered by the insert in `ordersOfTracker`'s order), or just read with the tracker
 * (`customerTrackerWithContents`, ADR 037).
 */
export async function trackerView(
  executor: Db,
  row: TrackerRow,
  written?: { orders: OrderRow[]; items: repository.ItemRow[]; activities: repository.ActivityRow[] },
): Promise<Tracker> {
  // Not just written: the orders, items and activities are read in one statement (ADR 036).
  const contents = written ?? (await repository.trackerContents(executor, row.id));
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    subtotal: koboToNaira(row.itemsSubtotalKobo),
    shippingFeeTotal: koboToNaira(row.shippingTotalKobo),
    discount: koboToNaira(row.discountTotalKobo),
    giftCardTotal: koboToNaira(row.giftCardKobo),
    onDeliveryTotal: koboToNaira(row.onDeliveryKobo),
    amountDue: koboToNaira(row.amountDueKobo),
    expiresAt: row.expiresAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    orders: await repository.customerOrdersOf(executor, contents.orders, contents),
  };
}

/**
 * Payment settled (or gift cards covered everything): the tracker is paid, each order moves to pending with a
 * delivery token, and the stock reservations end (the stock stays sold). Answers the paid orders and items.
 */
export async function markPaid(
  ctx: OrdersContext,
  executor: Db,
  tracker: TrackerRow,
  lockedOrders?: OrderRow[],
) {
  return markOrdersPaid(ctx, executor, tracker.id, ctx.deps.now(), lockedOrders);
}

/**
 * Closes an unpaid checkout: its orders are cancelled and its reservations end. Answers the reservations so the
 * caller gives their stock back.
 */
export async function closeUnpaid(
  ctx: OrdersContext,
  executor: Db,
  tracker: TrackerRow,
  status: 'failed' | 'expired' | 'replaced',
  reason: string,
  actor: OrderActor,
) {
  const at = ctx.deps.now();
  await repository.updateTracker(executor, tracker.id, { status, closedReason: reason, updatedAt: at });
  const released = await repository.releaseReservations(executor, tracker.id, at);
  for (const order of await repository.ordersOfTracker(executor, tracker.id)) {
    await transition(ctx, executor, order.id, 'cancelled', actor, { activity: reason });
  }
  return released;
}

/** Money arrived after the checkout closed and its stock went back: it is owed back to the payer. */
export async function markRefundDue(executor: Db, tracker: TrackerRow) {
  await repository.updateTracker(executor, tracker.id, {
    refundStatus: 'due',
    closedReason: `${tracker.closedReason ?? tracker.status}; payment arrived late, refund due`,
  });
}
