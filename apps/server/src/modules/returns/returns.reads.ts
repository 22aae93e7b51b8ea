import type { ReturnStatus } from '@market/contracts';
import { pageInfo } from '../../platform/db/paging.js';
import { notFound } from '../../platform/errors.js';
import { customerView, customerViews, type ReturnsContext, view, views } from './returns.context.js';
import { canSeeReturn, type ReturnCaller } from './returns.decisions.js';
import type { ReturnRow } from './returns.repository.js';
import * as repository from './returns.repository.js';

// A return as each caller may read it: lists, one return, the customer's refunds, who may see a photo.

export async function list(
  ctx: ReturnsContext,
  caller: ReturnCaller,
  query: {
    page: number;
    limit: number;
    status?: ReturnStatus;
    disputed?: 'true' | 'false';
    orderId?: string;
  },
) {
  const filter: repository.ReturnFilter = {
    status: query.status,
    orderId: query.orderId,
    disputed: query.disputed === 'true' ? true : undefined,
  };
  if (caller.kind === 'customer') filter.customerId = caller.userId;
  else if (caller.kind === 'merchant') {
    if (!caller.storeId) throw notFound('Store not found');
    filter.storeId = caller.storeId;
  }
  const { rows, total } = await repository.returnPage(ctx.db, filter, query);
  return {
    returns: await views(ctx, ctx.db, rows, caller),
    pagination: pageInfo(query.page, query.limit, total),
  };
}

/** The customer's returns: the customer's own shape (no chargeback, refunds in their words). */
export async function listForCustomer(
  ctx: ReturnsContext,
  caller: ReturnCaller,
  query: { page: number; limit: number; status?: ReturnStatus; orderId?: string },
) {
  const { rows, total } = await repository.returnPage(
    ctx.db,
    { status: query.status, orderId: query.orderId, customerId: caller.userId },
    query,
  );
  return {
    returns: await customerViews(ctx, ctx.db, rows, caller),
    pagination: pageInfo(query.page, query.limit, total),
  };
}

export async function oneForCustomer(ctx: ReturnsContext, caller: ReturnCaller, returnId: string) {
  const row = await repository.findReturn(ctx.db, returnId);
  if (!row || row.customerId !== caller.userId) throw notFound('Return not found');
  return customerView(ctx, ctx.db, row, caller);
}

/** Every refund of one of the customer's orders (cancellations and returns), in the customer's words. */
export async function orderRefundsForCustomer(ctx: ReturnsContext, caller: ReturnCaller, orderId: string) {
  const order = await ctx.orders.findOrder(ctx.db, orderId);
  if (!order || order.customerId !== caller.userId) throw notFound('Order not found');
  return { refunds: await ctx.refunds.ofOrderForCustomer(ctx.db, orderId) };
}

/**
 * Whether the caller may see a return photo: the return's customer, its store's members who read returns, and
 * admins who decide disputes (issue 24).
 */
export async function mayViewPhoto(
  ctx: ReturnsContext,
  caller: ReturnCaller & { permissions: readonly string[] },
  fileId: string,
) {
  const trips = await ctx.pickups.pickupsWithPhoto(fileId);
  if (trips.some((trip) => ctx.pickups.carries(trip, caller))) return true;
  const rows = [
    ...(await repository.returnsWithPhoto(ctx.db, fileId)),
    ...(await Promise.all(trips.map((trip) => repository.findReturn(ctx.db, trip.returnId)))).filter(
      (row): row is ReturnRow => row !== undefined,
    ),
  ];
  return rows.some((row) => {
    if (!canSeeReturn(row, caller)) return false;
    if (caller.kind === 'merchant') return caller.permissions.includes('returns:read');
    if (caller.kind === 'admin') return caller.permissions.includes('returns:disputes');
    return true;
  });
}

/** The return as the caller reads it, after a decision commits (the return-and-refund flow's last step). */
export async function viewOf(ctx: ReturnsContext, caller: ReturnCaller, returnId: string) {
  const row = await repository.findReturn(ctx.db, returnId);
  return view(ctx, ctx.db, row!, caller);
}

export async function one(ctx: ReturnsContext, caller: ReturnCaller, returnId: string) {
  const row = await repository.findReturn(ctx.db, returnId);
  if (!row || !canSeeReturn(row, caller)) throw notFound('Return not found');
  return view(ctx, ctx.db, row, caller);
}
