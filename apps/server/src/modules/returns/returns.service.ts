import type {
  ChargebackDecisionBody,
  CreateReturnBody,
  CustomerOrderReturn,
  RefundRecordStatus,
  ReturnStatus,
} from '@market/contracts';
import { recordAudit } from '../../platform/audit/record.js';
import type { Db } from '../../platform/db/client.js';
import { pageInfo } from '../../platform/db/paging.js';
import type { Deps } from '../../platform/deps.js';
import { conflict, notFound, validation } from '../../platform/errors.js';
import type { ItemRow, OrdersService, RefundsService } from '../orders/index.js';
import type { PaymentDisputeRow, PaymentsService } from '../payments/index.js';
import type { PickupsService } from './pickups.service.js';
import { actorOf, canSeeReturn, type ReturnCaller, type ReturnDecisions } from './returns.decisions.js';
import type { ReturnRow } from './returns.repository.js';
import * as repository from './returns.repository.js';
import type { ReturnLine } from './returns.schema.js';
import {
  customerReturnView,
  customerReturnViews,
  cardDisputeView as disputeView,
  type ReturnViewContext,
  returnView,
  returnViews,
} from './returns.views.js';

// Returns and replacements (issue 8, ADR 026). The customer asks within the return window after delivery; the
// store approves or rejects, marks the goods received and decides refund or replacement; a rejected return may be
// disputed, and admins decide disputes and who bears the refund (chargeback). Every decision runs under the order's
// row lock, then the return's, so two decisions on one return cannot both pass.

export interface ReturnsNeeds {
  /** The customer's e-mail and first name, for the mail of each decision (auth). */
  findCustomer(executor: Db, id: string): Promise<{ email: string; firstName: string } | undefined>;
  /** Card-holder disputes of our payments, as the payments module keeps them (ADR 049). */
  cardDisputes: Pick<PaymentsService, 'disputePage' | 'setDisputeBearer'>;
}

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

export function createReturnsService(
  deps: Deps,
  orders: OrdersService,
  refunds: RefundsService,
  needs: ReturnsNeeds,
  pickups: PickupsService,
  decisions: ReturnDecisions,
) {
  const { db } = deps;

  const canSee = canSeeReturn;
  const { withLockedReturn } = decisions;

  const viewContext: ReturnViewContext = { orders, refunds, pickups };
  const views = (executor: Db, rows: ReturnRow[], caller: ReturnCaller) =>
    returnViews(viewContext, executor, rows, caller);
  const view = (executor: Db, row: ReturnRow, caller: ReturnCaller) =>
    returnView(viewContext, executor, row, caller);
  const customerViews = (executor: Db, rows: ReturnRow[], caller: ReturnCaller) =>
    customerReturnViews(viewContext, executor, rows, caller);
  const customerView = (executor: Db, row: ReturnRow, caller: ReturnCaller) =>
    customerReturnView(viewContext, executor, row, caller);
  const cardDisputeView = (executor: Db, row: PaymentDisputeRow) => disputeView(viewContext, executor, row);

  return {
    /** `POST /ordertracking/create-return`. */
    async create(caller: ReturnCaller, body: CreateReturnBody): Promise<CustomerOrderReturn> {
      return db.transaction(async (tx) => {
        const order = await orders.lockOrder(tx, body.orderId);
        if (!order || order.customerId !== caller.userId) throw notFound('Order not found');
        const windowDays = deps.config.returnWindowDays;
        if (order.status !== 'delivered' || !order.deliveredAt) {
          throw conflict('Only a delivered order can be returned or replaced');
        }
        if (deps.now().getTime() - order.deliveredAt.getTime() > windowDays * DAY) {
          throw conflict(`The return window of ${windowDays} days after delivery has passed`);
        }
        if (order.orderReturnId) throw conflict('This order already has a return in progress');
        const [items, previous] = await Promise.all([
          orders.itemsOf(tx, order.id),
          repository.returnsOfOrder(tx, order.id),
        ]);
        const lines = returnLinesOf(items, previous, body.items);
        const photos = body.photos ?? [];
        if (
          photos.length > 0 &&
          !(await deps.media.ownsImageUrls(tx, caller.userId, photos, { visibility: 'private' })) &&
          // Photos uploaded before they became private (issue 24) are still the customer's.
          !(await deps.media.ownsImageUrls(tx, caller.userId, photos))
        ) {
          throw validation('photos', 'Upload the photos with this account first');
        }
        const at = deps.now();
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
        await orders.setOrderReturn(tx, order.id, row.id);
        await orders.note(
          tx,
          order,
          actorOf(caller),
          body.type === 'replace'
            ? 'You asked for a replacement. The store will review it.'
            : 'You asked to return items. The store will review it.',
        );
        await deps.events.emit(tx, {
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
        return customerView(tx, row, caller);
      });
    },

    async list(
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
      const { rows, total } = await repository.returnPage(db, filter, query);
      return { returns: await views(db, rows, caller), pagination: pageInfo(query.page, query.limit, total) };
    },

    /** The customer's returns: the customer's own shape (no chargeback, refunds in their words). */
    async listForCustomer(
      caller: ReturnCaller,
      query: { page: number; limit: number; status?: ReturnStatus; orderId?: string },
    ) {
      const { rows, total } = await repository.returnPage(
        db,
        { status: query.status, orderId: query.orderId, customerId: caller.userId },
        query,
      );
      return {
        returns: await customerViews(db, rows, caller),
        pagination: pageInfo(query.page, query.limit, total),
      };
    },

    async oneForCustomer(caller: ReturnCaller, returnId: string) {
      const row = await repository.findReturn(db, returnId);
      if (!row || row.customerId !== caller.userId) throw notFound('Return not found');
      return customerView(db, row, caller);
    },

    /** Every refund of one of the customer's orders (cancellations and returns), in the customer's words. */
    async orderRefundsForCustomer(caller: ReturnCaller, orderId: string) {
      const order = await orders.findOrder(db, orderId);
      if (!order || order.customerId !== caller.userId) throw notFound('Order not found');
      return { refunds: await refunds.ofOrderForCustomer(db, orderId) };
    },

    /**
     * Whether the caller may see a return photo: the return's customer, its store's members who read returns, and
     * admins who decide disputes (issue 24).
     */
    async mayViewPhoto(caller: ReturnCaller & { permissions: readonly string[] }, fileId: string) {
      const trips = await pickups.pickupsWithPhoto(fileId);
      if (trips.some((trip) => pickups.carries(trip, caller))) return true;
      const rows = [
        ...(await repository.returnsWithPhoto(db, fileId)),
        ...(await Promise.all(trips.map((trip) => repository.findReturn(db, trip.returnId)))).filter(
          (row): row is ReturnRow => row !== undefined,
        ),
      ];
      return rows.some((row) => {
        if (!canSee(row, caller)) return false;
        if (caller.kind === 'merchant') return caller.permissions.includes('returns:read');
        if (caller.kind === 'admin') return caller.permissions.includes('returns:disputes');
        return true;
      });
    },

    /** The return as the caller reads it, in the transaction of a move (the return-and-refund flow's last step). */
    view,

    /** The return as the caller reads it, after a decision commits (the return-and-refund flow's last step). */
    async viewOf(caller: ReturnCaller, returnId: string) {
      const row = await repository.findReturn(db, returnId);
      return view(db, row!, caller);
    },

    async one(caller: ReturnCaller, returnId: string) {
      const row = await repository.findReturn(db, returnId);
      if (!row || !canSee(row, caller)) throw notFound('Return not found');
      return view(db, row, caller);
    },

    /** The customer asks the platform to decide a return the store rejected. */
    async dispute(caller: ReturnCaller, returnId: string, reason: string) {
      return withLockedReturn(returnId, caller, async (tx, row, order) => {
        if (row.status !== 'rejected' || row.disputeStatus !== 'none') {
          throw conflict('Only a return the store rejected can be disputed, once');
        }
        if (order.orderReturnId && order.orderReturnId !== row.id) {
          throw conflict('This order already has a return in progress');
        }
        const updated = await repository.updateReturn(tx, row.id, {
          disputeStatus: 'open',
          disputeReason: reason,
          updatedAt: deps.now(),
        });
        await orders.setOrderReturn(tx, order.id, row.id);
        await orders.note(
          tx,
          order,
          actorOf(caller),
          'You asked the platform to review the rejected return.',
        );
        await deps.events.emit(tx, {
          kind: 'dispute.opened',
          key: `dispute.opened:${row.id}`,
          audience: [{ admins: 'returns:disputes' }, { store: order.storeId, permission: 'returns:write' }],
          params: { orderId: order.id, orderNumber: order.orderName, returnId: row.id },
        });
        return customerView(tx, updated, caller);
      });
    },

    /** Who bears the return's refund in the books; the refund rows carry it for the ledger. */
    async chargeback(caller: ReturnCaller, returnId: string, body: ChargebackDecisionBody) {
      return withLockedReturn(returnId, caller, async (tx, row, order) => {
        const at = deps.now();
        const updated = await repository.updateReturn(tx, row.id, {
          chargeback: body.decision,
          chargebackNote: body.note ?? null,
          updatedAt: at,
        });
        await recordAudit(tx, {
          action: 'chargeback.decide',
          subjectType: 'return',
          subjectId: row.id,
          storeId: order.storeId,
          before: { chargeback: row.chargeback },
          after: { chargeback: body.decision },
          reason: body.note ?? null,
        });
        await refunds.setChargedTo(tx, row.id, body.decision, at);
        return view(tx, updated, caller);
      });
    },

    /** Card-holder disputes with the orders of their payment, for admins (ADR 049). */
    async cardDisputes(query: { page: number; limit: number; open?: 'true' | 'false' }) {
      const { rows, total } = await needs.cardDisputes.disputePage({
        page: query.page,
        limit: query.limit,
        open: query.open === 'true',
      });
      return {
        disputes: await Promise.all(rows.map((row) => cardDisputeView(db, row))),
        pagination: pageInfo(query.page, query.limit, total),
      };
    },

    /**
     * Who bears a card dispute (internal reason required by the contract). Refunds its resolution already booked
     * move to that party in the books, in the same transaction.
     */
    async cardDisputeBearer(caller: ReturnCaller, disputeId: string, body: ChargebackDecisionBody) {
      return db.transaction(async (tx) => {
        const { row, settlementKey } = await needs.cardDisputes.setDisputeBearer(tx, disputeId, {
          bearer: body.decision,
          note: body.note,
          decidedBy: caller.userId,
        });
        await refunds.setChargedToOfDispute(tx, settlementKey, body.decision);
        await recordAudit(tx, {
          action: 'card-dispute.decide',
          subjectType: 'card-dispute',
          subjectId: disputeId,
          after: { bearer: body.decision },
          reason: body.note ?? null,
        });
        return cardDisputeView(tx, row);
      });
    },

    /** Refund requests of every kind, for admins. */
    refunds: (query: {
      page: number;
      limit: number;
      status?: RefundRecordStatus;
      needsAttention?: 'true' | 'false';
    }) => refunds.list({ ...query, needsAttention: query.needsAttention === 'true' }),

    async retryRefund(refundId: string) {
      const row = await refunds.retry(refundId);
      return refunds.record(db, row);
    },
  };
}

export type ReturnsService = ReturnType<typeof createReturnsService>;
export type { ReturnCaller };
