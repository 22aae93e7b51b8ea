import type { CreateReturnBody, CustomerOrderReturn } from '@market/contracts';
import { conflict, notFound, validation } from '../../platform/errors.js';
import type { ItemRow } from '../orders/index.js';
import { customerView, type ReturnsContext } from './returns.context.js';
import { actorOf, type ReturnCaller } from './returns.decisions.js';
import type { ReturnRow } from './returns.repository.js';
import * as repository from './returns.repository.js';
import type { ReturnLine } from './returns.schema.js';

// A customer's side of a return: asking for one within the window, and disputing the store's rejection.

const DAY = 24 * 60 * 60 * 1000;

/** A return that still takes its units: anything but one that ended without refund or replacement. */
function holdsUnits(row: ReturnRow): boolean {
  if (row.refundKobo !== null || row.replacementOrderId !== null) return true;
  if (row.status === 'closed') return false;
  if (row.status === 'rejected') return row.disputeStatus === 'open';
  return true;
}

/**
 * The lines a customer asks to return, each an item of the order listed once and at most the units no earlier return
 * still takes; anything else is refused with the field it names.
 */
function returnLinesOf(
  items: ItemRow[],
  previous: ReturnRow[],
  wanted: CreateReturnBody['items'],
): ReturnLine[] {
  const taken = new Map<string, number>();
  for (const earlier of previous.filter(holdsUnits)) {
    for (const line of earlier.lines) {
      taken.set(line.orderItemId, (taken.get(line.orderItemId) ?? 0) + line.quantity);
    }
  }
  const lines: ReturnLine[] = [];
  for (const [index, want] of wanted.entries()) {
    const variantId = want.variantId ?? null;
    const item: ItemRow | undefined = items.find(
      (candidate) => candidate.productId === want.productId && candidate.variantId === variantId,
    );
    if (!item) throw validation(`items.${index}.productId`, 'That item is not part of this order');
    if (lines.some((line) => line.orderItemId === item.id)) {
      throw validation(`items.${index}.productId`, 'List each item once');
    }
    const left = item.quantity - (taken.get(item.id) ?? 0);
    if (want.quantity > left) {
      throw validation(
        `items.${index}.quantity`,
        left === 0
          ? `${item.productName} was already returned`
          : `You can return at most ${left} of ${item.productName}`,
      );
    }
    lines.push({
      orderItemId: item.id,
      productId: item.productId,
      variantId: item.variantId,
      productName: item.productName,
      sku: item.sku,
      quantity: want.quantity,
      unitPriceKobo: item.unitPriceKobo,
      hostedImages: item.hostedImages,
    });
  }
  return lines;
}

/** `POST /ordertracking/create-return`. */
export async function create(
  ctx: ReturnsContext,
  caller: ReturnCaller,
  body: CreateReturnBody,
): Promise<CustomerOrderReturn> {
  return ctx.db.transaction(async (tx) => {
    const order = await ctx.orders.lockOrder(tx, body.orderId);
    if (!order || order.customerId !== caller.userId) throw notFound('Order not found');
    const windowDays = ctx.deps.config.returnWindowDays;
    if (order.status !== 'delivered' || !order.deliveredAt) {
      throw conflict('Only a delivered order can be returned or replaced');
    }
    if (ctx.deps.now().getTime() - order.deliveredAt.getTime() > windowDays * DAY) {
      throw conflict(`The return window of ${windowDays} days after delivery has passed`);
    }
    if (order.orderReturnId) throw conflict('This order already has a return in progress');
    const [items, previous] = await Promise.all([
      ctx.orders.itemsOf(tx, order.id),
      repository.returnsOfOrder(tx, order.id),
    ]);
    const lines = returnLinesOf(items, previous, body.items);
    const photos = body.photos ?? [];
    if (
      photos.length > 0 &&
      !(await ctx.deps.media.ownsImageUrls(tx, caller.userId, photos, { visibility: 'private' })) &&
      // Photos uploaded before they became private (issue 24) are still the customer's.
      !(await ctx.deps.media.ownsImageUrls(tx, caller.userId, photos))
    ) {
      throw validation('photos', 'Upload the photos with this account first');
    }
    const at = ctx.deps.now();
    const row = await repository.insertReturn(tx, {
      orderId: order.id,
      orderName: order.orderName,
      customerId: order.customerId,
      customerName: order.deliveryAddress.fullName,
      storeId: order.storeId,
      storeName: order.storeName,
      merchantId: order.merchantId,
      type: body.type,
      reason: body.reason,
      photos,
      lines,
      createdAt: at,
      updatedAt: at,
    });
    await ctx.orders.setOrderReturn(tx, order.id, row.id);
    await ctx.orders.note(
      tx,
      order,
      actorOf(caller),
      body.type === 'replace'
        ? 'You asked for a replacement. The store will review it.'
        : 'You asked to return items. The store will review it.',
    );
    await ctx.deps.events.emit(tx, {
      kind: 'return.requested',
      key: `return.requested:${row.id}`,
      audience: [{ store: order.storeId, permission: 'returns:write' }],
      params: {
        orderId: order.id,
        orderNumber: order.orderName,
        returnId: row.id,
        quantity: lines.reduce((sum, line) => sum + line.quantity, 0),
        productName: lines.length === 1 ? (lines[0]?.productName ?? null) : `${lines.length} products`,
        reason: body.reason,
      },
    });
    return customerView(ctx, tx, row, caller);
  });
}

/** The customer asks the platform to decide a return the store rejected. */
export async function dispute(ctx: ReturnsContext, caller: ReturnCaller, returnId: string, reason: string) {
  return ctx.decisions.withLockedReturn(returnId, caller, async (tx, row, order) => {
    if (row.status !== 'rejected' || row.disputeStatus !== 'none') {
      throw conflict('Only a return the store rejected can be disputed, once');
    }
    if (order.orderReturnId && order.orderReturnId !== row.id) {
      throw conflict('This order already has a return in progress');
    }
    const updated = await repository.updateReturn(tx, row.id, {
      disputeStatus: 'open',
      disputeReason: reason,
      updatedAt: ctx.deps.now(),
    });
    await ctx.orders.setOrderReturn(tx, order.id, row.id);
    await ctx.orders.note(
      tx,
      order,
      actorOf(caller),
      'You asked the platform to review the rejected return.',
    );
    await ctx.deps.events.emit(tx, {
      kind: 'dispute.opened',
      key: `dispute.opened:${row.id}`,
      audience: [{ admins: 'returns:disputes' }, { store: order.storeId, permission: 'returns:write' }],
      params: { orderId: order.id, orderNumber: order.orderName, returnId: row.id },
    });
    return customerView(ctx, tx, updated, caller);
  });
}
