import {
  type CardDispute,
  type CustomerOrderReturn,
  koboToNaira,
  type OrderReturn,
  returnStatusNames,
} from '@market/contracts';
import type { Db } from '../../platform/db/client.js';
import {
  customerRefundOf,
  type OrdersService,
  type RefundsService,
  refundRecordOf,
  unitsAmount,
} from '../orders/index.js';
import type { PaymentDisputeRow } from '../payments/index.js';
import { customerPickupView, type PickupsService, pickupView } from './pickups.service.js';
import type { ReturnCaller } from './returns.decisions.js';
import { allowedFor, canDecide } from './returns.moves.js';
import type { ReturnRow } from './returns.repository.js';

// A return as the store and admins read it (with its refunds, its replacement, its pickup and what the caller may
// do next), as its customer reads it, and a card-holder dispute with the orders of its payment (ADR 026, 049, 060).

/** What the views read: the orders module's orders and refunds, and the return's pickups. */
export interface ReturnViewContext {
  orders: Pick<OrdersService, 'ordersByIds' | 'findTracker' | 'ordersOf'>;
  refunds: Pick<RefundsService, 'refundsOfReturns' | 'paidPerItem'>;
  pickups: Pick<PickupsService, 'views'>;
}

/** The return's lines as products, each with what refunding it gives back of what was paid for its units. */
function productsOf(row: ReturnRow, paidItems: PaidItems) {
  return row.lines.map((line) => {
    const item = paidItems.get(line.orderItemId);
    return {
      productId: line.productId,
      variantId: line.variantId,
      productName: line.productName,
      sku: line.sku,
      quantity: line.quantity,
      productPrice: koboToNaira(line.unitPriceKobo),
      hostedImages: line.hostedImages,
      refundableAmount: koboToNaira(
        item ? unitsAmount(item.paidKobo, item.quantity, 0, Math.min(line.quantity, item.quantity)) : 0,
      ),
    };
  });
}

type PaidItems = Awaited<ReturnType<ReturnViewContext['refunds']['paidPerItem']>>;

export async function returnViews(
  ctx: ReturnViewContext,
  executor: Db,
  rows: ReturnRow[],
  caller: ReturnCaller,
): Promise<OrderReturn[]> {
  if (rows.length === 0) return [];
  const [history, names, paid, trips] = await Promise.all([
    ctx.refunds.refundsOfReturns(
      executor,
      rows.map((row) => row.id),
    ),
    ctx.orders.ordersByIds(
      executor,
      rows.flatMap((row) => [row.orderId, ...(row.replacementOrderId ? [row.replacementOrderId] : [])]),
    ),
    Promise.all(rows.map((row) => ctx.refunds.paidPerItem(executor, row.orderId))),
    ctx.pickups.views(
      executor,
      rows.map((row) => row.id),
    ),
  ]);
  return rows.map((row, index) => {
    const own = history.filter((refund) => refund.returnId === row.id);
    const counted = own.filter((refund) => refund.status !== 'rejected');
    const paidItems = paid[index]!;
    return {
      id: row.id,
      merchantId: row.merchantId,
      storeId: row.storeId,
      storeName: row.storeName,
      customerId: row.customerId,
      customerName: row.customerName,
      status: { code_name: row.status, known_name: returnStatusNames[row.status] },
      type: row.type,
      orderId: row.orderId,
      orderName: row.orderName,
      reason: row.reason,
      photos: row.photos,
      products: productsOf(row, paidItems),
      refund:
        own.length > 0
          ? {
              amount: koboToNaira(counted.reduce((acc, refund) => acc + refund.amountKobo, 0)),
              shippingIncluded: counted.some((refund) => refund.shippingKobo > 0),
              history: own.map((refund) =>
                refundRecordOf(refund, names.get(refund.orderId) ?? row.orderName),
              ),
            }
          : null,
      replace: row.replacementOrderId
        ? {
            orderId: row.replacementOrderId,
            orderName: names.get(row.replacementOrderId) ?? '',
          }
        : null,
      merchantNote: row.merchantNote,
      dispute: { status: row.disputeStatus, reason: row.disputeReason, decisionNote: row.disputeNote },
      chargeback: { decision: row.chargeback, note: row.chargebackNote },
      allowedNextStatuses: allowedFor(row, caller),
      canDecide: canDecide(row, caller),
      pickup: (() => {
        const trip = trips.find((candidate) => candidate.returnId === row.id);
        return trip ? pickupView(trip) : null;
      })(),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

export async function cardDisputeView(
  ctx: ReturnViewContext,
  executor: Db,
  row: PaymentDisputeRow,
): Promise<CardDispute> {
  const tracker = row.paymentReference
    ? await ctx.orders.findTracker(executor, { reference: row.paymentReference })
    : undefined;
  const ofPayment = tracker ? await ctx.orders.ordersOf(executor, tracker.id) : [];
  return {
    id: row.id,
    providerDisputeId: row.providerDisputeId,
    paymentReference: row.paymentReference,
    orders: ofPayment.map((order) => ({
      id: order.id,
      orderName: order.orderName,
      storeName: order.storeName,
    })),
    stage: row.stage,
    status: row.status,
    resolution: row.resolution,
    category: row.category,
    refundAmount: row.refundAmountKobo === null ? null : koboToNaira(row.refundAmountKobo),
    dueAt: row.dueAt?.toISOString() ?? null,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    bearer: row.bearer,
    bearerNote: row.bearerNote,
    outcome: row.outcome,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function returnView(ctx: ReturnViewContext, executor: Db, row: ReturnRow, caller: ReturnCaller) {
  return (await returnViews(ctx, executor, [row], caller))[0]!;
}

/**
 * A return as its customer may read it: the chargeback (who bears the refund, the admin's internal note) is left
 * out, and refunds say where they stand in the customer's words, without provider text or attempts (ADR 049).
 */
export async function customerReturnViews(
  ctx: ReturnViewContext,
  executor: Db,
  rows: ReturnRow[],
  caller: ReturnCaller,
) {
  const [staffViews, history, trips] = await Promise.all([
    returnViews(ctx, executor, rows, caller),
    ctx.refunds.refundsOfReturns(
      executor,
      rows.map((row) => row.id),
    ),
    ctx.pickups.views(
      executor,
      rows.map((row) => row.id),
    ),
  ]);
  return staffViews.map(
    ({ chargeback: _internal, refund, pickup: _staffPickup, ...rest }): CustomerOrderReturn => ({
      ...rest,
      pickup: (() => {
        const trip = trips.find((candidate) => candidate.returnId === rest.id);
        return trip ? customerPickupView(trip) : null;
      })(),
      refund: refund
        ? {
            amount: refund.amount,
            shippingIncluded: refund.shippingIncluded,
            history: history.filter((row) => row.returnId === rest.id).map(customerRefundOf),
          }
        : null,
    }),
  );
}
export const customerReturnView = async (
  ctx: ReturnViewContext,
  executor: Db,
  row: ReturnRow,
  caller: ReturnCaller,
) => (await customerReturnViews(ctx, executor, [row], caller))[0]!;
