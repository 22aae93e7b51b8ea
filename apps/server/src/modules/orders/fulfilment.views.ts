import {
  koboToNaira,
  type OrderStatusCode,
  type OrderSummary,
  orderStatusOf,
  type PartnerOrder,
  type StaffOrder,
  type TimelineEntry,
} from '@market/contracts';
import type { Db } from '../../platform/db/client.js';
import { pageInfo } from '../../platform/db/paging.js';
import { validation } from '../../platform/errors.js';
import { ledgerOrderFigures } from '../ledger/index.js';
import { storePickupPlace } from '../stores/index.js';
import { staffActivityText } from './activity-words.js';
import { allowedFor, canSee, readsAllOrders, visibleOrder } from './fulfilment.access.js';
import type { FulfilmentCaller, FulfilmentContext } from './fulfilment.context.js';
import { readSearch, searchOrderRows } from './order-search.js';
import { knownNameOfStatus } from './order-status.js';
import type { ActivityRow, ItemRow, OrderFilter, OrderRow } from './orders.repository.js';
import * as repository from './orders.repository.js';
import { payOnDeliveryTermsOf } from './orders.repository.js';

// What the fulfilment chain shows: an order as its staff and its carrier read it, and the lists of orders.

/** Assignment waits in this queue: the order is with nobody who moves it on. */
export const queueStatuses: OrderStatusCode[] = ['ready_for_pickup', 'declined', 'at_hub'];

/** The first instant of today in Lagos (UTC+1 all year), as a UTC date. */
export function startOfLagosDay(now: Date): Date {
  const lagos = new Date(now.getTime() + 60 * 60 * 1000);
  return new Date(Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth(), lagos.getUTCDate()) - 60 * 60 * 1000);
}

export function timeline(rows: ActivityRow[]): TimelineEntry[] {
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

export function carrierFields(order: OrderRow) {
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

export async function assignmentTimes(executor: Db, order: OrderRow) {
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

export const line = (item: ItemRow) => ({
  productId: item.productId,
  variantId: item.variantId,
  productName: item.productName,
  sku: item.sku,
  quantity: item.quantity,
  productVariants: item.productVariant,
  hostedImages: item.hostedImages,
});

export async function staffView(
  executor: Db,
  order: OrderRow,
  caller: FulfilmentCaller,
): Promise<StaffOrder> {
  const [items, activities, locked, times, books, refundRows] = await Promise.all([
    repository.itemsOfOrders(executor, [order.id]),
    repository.activitiesOfOrders(executor, [order.id]),
    repository.lockedDeliveries(executor, [order.id]),
    assignmentTimes(executor, order),
    // An order's money from the ledger's entries, in kobo (ADR 046): commission kept, due to the store, refunded.
    ledgerOrderFigures(executor, order.id),
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

export async function partnerView(
  executor: Db,
  order: OrderRow,
  caller: FulfilmentCaller,
): Promise<PartnerOrder> {
  const [items, activities, locked, times, pickup] = await Promise.all([
    repository.itemsOfOrders(executor, [order.id]),
    repository.activitiesOfOrders(executor, [order.id]),
    repository.lockedDeliveries(executor, [order.id]),
    assignmentTimes(executor, order),
    storePickupPlace(executor, order.storeId),
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

export async function summaries(
  ctx: FulfilmentContext,
  rows: OrderRow[],
  withDeclineReasons = false,
): Promise<OrderSummary[]> {
  const { db } = ctx;
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

export function dateFilter(query: {
  from?: string;
  to?: string;
}): Pick<OrderFilter, 'createdFrom' | 'createdBefore'> {
  const day = 24 * 60 * 60 * 1000;
  return {
    createdFrom: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
    createdBefore: query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + day) : undefined,
  };
}

export async function staffOrder(ctx: FulfilmentContext, orderId: string, caller: FulfilmentCaller) {
  const { db } = ctx;
  return staffView(db, await visibleOrder(db, orderId, caller), caller);
}

export async function partnerOrder(ctx: FulfilmentContext, orderId: string, caller: FulfilmentCaller) {
  const { db } = ctx;
  return partnerView(db, await visibleOrder(db, orderId, caller), caller);
}

/** Admin search across every store (issue 35): by order number, phone, e-mail or name words; bounded. */
export async function searchOrders(ctx: FulfilmentContext, query: { q: string; limit: number }) {
  const { db } = ctx;
  const read = readSearch(query.q);
  if (!read) throw validation('q', 'Type an order number, phone number, e-mail or name');
  const rows = await searchOrderRows(db, read.where, query.limit);
  return { matchedBy: read.kind, orders: await summaries(ctx, rows) };
}

/** A list's page and up to how many matching orders its total is counted exactly (ADR 114). */
function pageOf(ctx: FulfilmentContext, query: { page: number; limit: number }) {
  return { page: query.page, limit: query.limit, exactCountUpTo: ctx.deps.config.orders.exactCountUpTo };
}

export async function merchantList(
  ctx: FulfilmentContext,
  caller: FulfilmentCaller,
  query: { page: number; limit: number; status?: string; from?: string; to?: string; search?: string },
) {
  const { db } = ctx;
  const { rows, total } = await repository.orderPage(
    db,
    { storeId: caller.storeId, status: query.status, search: query.search, ...dateFilter(query) },
    pageOf(ctx, query),
  );
  return {
    orders: await summaries(ctx, rows),
    pagination: pageInfo(query.page, query.limit, total.count),
    countIsEstimate: total.estimated,
  };
}

export async function adminList(
  ctx: FulfilmentContext,
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
  const { db } = ctx;
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
    pageOf(ctx, query),
  );
  return {
    // The queue shows admins why a carrier declined, so the next assignment avoids the same problem.
    orders: await summaries(ctx, rows, true),
    pagination: pageInfo(query.page, query.limit, total.count),
    countIsEstimate: total.estimated,
  };
}

export async function partnerList(
  ctx: FulfilmentContext,
  caller: FulfilmentCaller,
  query: { page: number; limit: number; status?: string },
) {
  const { deps, db } = ctx;
  const { rows, total } = await repository.orderPage(
    db,
    { partnerId: caller.userId, status: query.status },
    pageOf(ctx, query),
  );
  const [views, deliveredToday] = await Promise.all([
    Promise.all(rows.map((row) => partnerView(db, row, caller))),
    repository.countDeliveredSince(db, caller.userId, startOfLagosDay(deps.now())),
  ]);
  return {
    orders: views,
    pagination: pageInfo(query.page, query.limit, total.count),
    countIsEstimate: total.estimated,
    deliveredToday,
  };
}

/**
 * Whether the caller may see a parcel photo: whoever may see an order it belongs to (its customer, its store's
 * members who read orders, its carrier, admins who read it), or who took it (issue 24).
 */
export async function mayViewEvidence(
  ctx: FulfilmentContext,
  caller: FulfilmentCaller,
  fileId: string,
): Promise<boolean> {
  const { db } = ctx;
  const owners = await repository.ordersWithEvidence(db, fileId);
  return owners.some(
    (order) =>
      canSee(order, caller) && (caller.kind !== 'merchant' || caller.permissions.includes('orders:read')),
  );
}
