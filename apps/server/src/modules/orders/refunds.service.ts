import type { CustomerRefund, RefundRecord } from '@market/contracts';
import type { Db } from '../../platform/db/client.js';
import { pageInfo } from '../../platform/db/paging.js';
import type { Deps } from '../../platform/deps.js';
import { conflict, notFound } from '../../platform/errors.js';
import { createOrderMoneyEvents, type OrderMoneyEvents } from './money-events.js';
import type { OrderActor } from './order-status.js';
import type { OrderRow, RefundRow, TrackerRow } from './orders.repository.js';
import * as repository from './orders.repository.js';
import type { OrderRefundStatus } from './orders.schema.js';
import { paidPerLine } from './refund-apportion.js';
import { auditOrderRefund } from './refunds.audit.js';

// The refund history of orders (ADR 026). A refund is booked first, under the checkout's row lock, against what was
// paid: cash through the provider first, then the gift cards that paid; per item never more than was paid for its
// units, shipping only with the whole order. The provider is asked after the commit; its answer or its refund.*
// webhook moves the row on; a failure stays on the row for an admin to retry or reject.

import {
  onProviderRefundEvent,
  type RefundProviderContext,
  refundsToResume,
  retryDueRefunds,
  retryRefund,
  sendRefund,
  settleFromProvider,
} from './refunds.provider.js';
/** What the refunds need of other modules, handed in by the composition (ADR 010). */
import {
  type BookedRefund,
  type BookRefundInput,
  customerRefundOf,
  newRefundReference,
  REFUND_OUTCOME_UNKNOWN,
  refundLinesOf,
  refundRecordOf,
  splitOverPayment,
  unsettled,
} from './refunds.rules.js';

export type { BookedRefund, BookRefundInput, RefundAtProvider } from './refunds.rules.js';
export {
  customerRefundOf,
  nextRefundAttempt,
  REFUND_OUTCOME_UNKNOWN,
  REFUND_RESUME_AFTER_MS,
  REFUND_RETRY_DELAYS_MINUTES,
  REFUND_UNSENT_AFTER_MS,
  refundRecordOf,
  unsettled,
} from './refunds.rules.js';

export interface RefundNeeds {
  /**
   * Reserves the amount on the payment (payments module), in the caller's transaction: the one that records the
   * intent to send the refund, so a crash after it leaves a reservation and an intent to settle together (ADR 061).
   */
  reserveRefund(executor: Db, paymentReference: string, amountKobo: number, force?: boolean): Promise<void>;
  /**
   * Asks the payment provider to make the refund (after the intent committed). Throws OutcomeUnknownError when it
   * may have been made without our hearing; any other error: it was not made.
   */
  sendRefund(
    paymentReference: string,
    amountKobo: number,
  ): Promise<{ status: 'pending' | 'processed' | 'failed'; providerReference?: string | null }>;
  /** Frees what `reserveRefund` reserved on the payment: the provider did not make that refund. */
  releaseRefund(executor: Db, paymentReference: string, amountKobo: number): Promise<void>;
  /** Gives gift-card money of the checkout back to its cards (gift-cards module), in the caller's transaction. */
  refundToCards(
    executor: Db,
    trackerId: string,
    amountKobo: number,
  ): Promise<{ refundedKobo: number; cards: { activityId: string }[] }>;
}

/** Paystack's resolutions where the card-holder won and the bank reversed the payment. */
const ACCEPTED_RESOLUTIONS = new Set(['merchant-accepted', 'auto-accepted']);

export function createRefundsService(
  deps: Deps,
  needs: RefundNeeds,
  money: OrderMoneyEvents = createOrderMoneyEvents(),
) {
  const { db } = deps;

  /** What a refund takes back, counted on its checkout: refunded in part, or whole. */
  async function bookOnCheckout(executor: Db, tracker: TrackerRow, cash: number, gift: number, at: Date) {
    const refundedKobo = tracker.refundedKobo + cash;
    const giftCardRefundedKobo = tracker.giftCardRefundedKobo + gift;
    const whole = refundedKobo + giftCardRefundedKobo >= tracker.amountDueKobo + tracker.giftCardKobo;
    await repository.updateTracker(executor, tracker.id, {
      refundedKobo,
      giftCardRefundedKobo,
      refundStatus: whole ? 'refunded' : 'partial',
      refundedAt: at,
      updatedAt: at,
    });
  }

  /** Releases what a refund row booked on its checkout (it was rejected: that money is not going back). */
  async function unbook(executor: Db, row: RefundRow) {
    const tracker = await repository.lockTracker(executor, { id: row.trackerId });
    if (!tracker) return;
    const refundedKobo = tracker.refundedKobo - (row.destination === 'provider' ? row.amountKobo : 0);
    const giftCardRefundedKobo =
      tracker.giftCardRefundedKobo - (row.destination === 'gift_card' ? row.amountKobo : 0);
    await repository.updateTracker(executor, tracker.id, {
      refundedKobo,
      giftCardRefundedKobo,
      refundStatus: refundedKobo + giftCardRefundedKobo > 0 ? 'partial' : 'none',
      updatedAt: deps.now(),
    });
  }

  /**
   * A refund of an order paid at the door (ADR 089): its money was cash (or POS, or a transfer) taken by a carrier,
   * never a charge the provider can reverse, and gift cards never pay such an order. One row, owed to the customer
   * (`bank_transfer`, pending) until an admin records the transfer that paid it (`decide`, paid another way) or
   * rejects it; nothing is sent to the provider and the checkout's card figures are untouched.
   */
  async function bookAtTheDoor(
    executor: Db,
    order: OrderRow,
    input: BookRefundInput,
    refund: Pick<BookedRefund, 'amountKobo' | 'shippingKobo'> & { lines: RefundRow['lines'] },
  ): Promise<BookedRefund> {
    if (order.deliveredAt === null)
      throw conflict('Nothing was paid for this order yet: it is paid at the door');
    if (input.settledByProvider) throw conflict('This order was paid at the door, not by card');
    const at = deps.now();
    const row = await repository.insertRefund(executor, {
      trackerId: order.trackerId,
      orderId: order.id,
      returnId: input.returnId,
      kind: input.kind,
      paymentReference: `door:${order.orderName}`,
      reason: input.reason,
      chargedTo: input.chargedTo ?? 'merchant',
      requestedByRole: input.actor.role,
      requestedBy: input.actor.id,
      reference: newRefundReference(),
      destination: 'bank_transfer',
      amountKobo: refund.amountKobo,
      shippingKobo: refund.shippingKobo,
      lines: refund.lines,
      status: 'pending',
      createdAt: at,
      updatedAt: at,
    });
    await money.books.refundBooked(executor, order, [row]);
    return { rows: [row], toSend: [], amountKobo: refund.amountKobo, shippingKobo: refund.shippingKobo };
  }

  /**
   * Books a refund of units of one order, in the caller's transaction: locks the checkout, refuses units already
   * refunded, works out what was paid for the units (and the shipping fee when this takes the last units), splits
   * it into cash (provider) and gift-card parts within what is left of each, writes the rows, and gives the
   * gift-card part back at once. The provider part is sent by `send` after the caller commits.
   */
  async function bookUnits(executor: Db, input: BookRefundInput): Promise<BookedRefund> {
    const order = await repository.findOrder(executor, input.orderId);
    if (!order) throw notFound('Order not found');
    const tracker = await repository.lockTracker(executor, { id: order.trackerId });
    if (tracker?.status !== 'paid') throw conflict('Only a paid order can be refunded');
    const [items, previous] = await Promise.all([
      repository.itemsOfOrders(executor, [order.id]),
      repository.refundsOfOrder(executor, order.id),
    ]);
    const { lines, shippingKobo, amountKobo } = refundLinesOf(order, items, previous, input.lines);
    if (lines.length === 0 && shippingKobo === 0)
      return { rows: [], toSend: [], amountKobo: 0, shippingKobo: 0 };
    if (order.paymentMethod === 'on_delivery')
      return bookAtTheDoor(executor, order, input, { lines, shippingKobo, amountKobo });

    const { cash, gift } = splitOverPayment(tracker, amountKobo);

    const at = deps.now();
    const base = {
      trackerId: tracker.id,
      orderId: order.id,
      returnId: input.returnId,
      kind: input.kind,
      paymentReference: tracker.reference,
      reason: input.reason,
      chargedTo: input.chargedTo ?? 'merchant',
      requestedByRole: input.actor.role,
      requestedBy: input.actor.id,
      createdAt: at,
      updatedAt: at,
    } as const;
    const rows: RefundRow[] = [];
    const toSend: string[] = [];
    // The lines and the shipping go on the first row, so units are counted once.
    let first = true;
    if (input.settledByProvider && gift > 0)
      throw conflict('Gift cards paid part of this; the provider reversed only the card payment');
    if (cash > 0) {
      const row = await repository.insertRefund(executor, {
        ...base,
        reference: newRefundReference(),
        destination: 'provider',
        amountKobo: cash,
        shippingKobo,
        lines,
        ...(input.settledByProvider
          ? { status: 'processed', providerReference: input.settledByProvider, processedAt: at }
          : { status: 'pending' }),
      });
      rows.push(row);
      if (!input.settledByProvider) toSend.push(row.id);
      first = false;
    }
    if (gift > 0) {
      const given = await needs.refundToCards(executor, tracker.id, gift);
      if (given.refundedKobo !== gift)
        throw conflict('The gift cards that paid cannot take this refund back');
      rows.push(
        await repository.insertRefund(executor, {
          ...base,
          reference: newRefundReference(),
          destination: 'gift_card',
          amountKobo: gift,
          shippingKobo: first ? shippingKobo : 0,
          lines: first ? lines : [],
          status: 'processed',
          attempts: 1,
          providerReference: given.cards.map((card) => card.activityId).join(',') || null,
          processedAt: at,
        }),
      );
    }
    await bookOnCheckout(executor, tracker, cash, gift, at);
    await money.books.refundBooked(executor, order, rows);
    return { rows, toSend, amountKobo, shippingKobo };
  }

  /** The provider's side of a refund (refunds.provider.ts), given what it needs once. */
  const provider: RefundProviderContext = {
    deps,
    needs,
    tellOutcome: (executor, row) => service.tellOutcome(executor, row),
  };
  const withProvider =
    <A extends unknown[], R>(fn: (context: RefundProviderContext, ...args: A) => R) =>
    (...args: A) =>
      fn(provider, ...args);

  const service = {
    /** Books a refund of units of one order (`bookUnits`), and the order's audit line of it in the same transaction. */
    async book(executor: Db, input: BookRefundInput): Promise<BookedRefund> {
      const booked = await bookUnits(executor, input);
      if (booked.rows.length > 0) await auditOrderRefund(executor, input, booked);
      return booked;
    },

    /**
     * Tells the customer a refund reached the provider or failed, and admins who handle refunds of a failure
     * (ADR 057). Keyed by the refund, its outcome and its attempt, so a webhook and the answer it repeats tell once.
     */
    async tellOutcome(executor: Db, row: RefundRow): Promise<void> {
      if (row.destination !== 'provider' || (row.status !== 'processed' && row.status !== 'failed')) return;
      const order = await repository.findOrder(executor, row.orderId);
      if (!order) return;
      const params = { orderId: order.id, orderNumber: order.orderName, amountKobo: row.amountKobo };
      const key = `${row.id}:${row.status}:${row.attempts}`;
      await deps.events.emit(
        executor,
        row.status === 'processed'
          ? [
              {
                kind: 'refund.paid',
                key: `refund.paid:${row.id}`,
                audience: [{ user: order.customerId }],
                params,
              },
            ]
          : [
              {
                kind: 'refund.failed',
                key: `refund.failed:${key}`,
                audience: [{ user: order.customerId }, { admins: 'returns:disputes' }],
                params,
              },
            ],
      );
    },

    send: withProvider(sendRefund),

    settleFromProvider: withProvider(settleFromProvider),

    toResume: withProvider(refundsToResume),

    retry: withProvider(retryRefund),

    retryDue: withProvider(retryDueRefunds),

    /**
     * An admin decides a refund the provider did not make, in the caller's transaction, with a reason the customer
     * reads (ADR 049):
     * - `rejected` (pending or failed): its money is no longer owed (the checkout's booked amount goes down, the books
     *   reverse it); its units stay refused;
     * - `paid_another_way` (failed only): the platform paid the customer outside the provider; the refund stands as
     *   booked and is done.
     */
    async decide(
      executor: Db,
      refundId: string,
      decision: { outcome: 'rejected' | 'paid_another_way'; reason: string; actor: OrderActor },
    ): Promise<RefundRow> {
      const row = await repository.lockRefund(executor, refundId);
      if (!row) throw notFound('Refund not found');
      const at = deps.now();
      if (unsettled(row, at)) throw conflict(REFUND_OUTCOME_UNKNOWN);
      const decided = {
        decision: decision.outcome,
        decisionReason: decision.reason,
        decidedBy: decision.actor.id,
        decidedAt: at,
        nextAttemptAt: null,
        needsAttention: false,
        updatedAt: at,
      } as const;
      if (decision.outcome === 'paid_another_way') {
        // Paid at the door (ADR 089): owed from the booking, paid by the platform's transfer the admin records.
        const byTransfer = row.destination === 'bank_transfer';
        const from = byTransfer ? 'pending' : 'failed';
        if (row.status !== from || (!byTransfer && row.destination !== 'provider')) {
          throw conflict(
            byTransfer
              ? `This refund is ${row.status}; it was already decided`
              : `This refund is ${row.status}; only a failed refund to the card can be marked paid another way`,
          );
        }
        const updated = await repository.updateRefund(executor, row.id, [from], {
          ...decided,
          status: 'processed',
          processedAt: at,
        });
        if (byTransfer) await money.books.doorRefundPaid(executor, updated!);
        return updated!;
      }
      if (row.status !== 'failed' && row.status !== 'pending') {
        throw conflict(`This refund is ${row.status}; only a pending or failed refund can be rejected`);
      }
      await unbook(executor, row);
      // Its status only (cancelled and returned are terminal), so not locked here: the books lock its page.
      const order = await repository.findOrder(executor, row.orderId);
      if (order) await money.books.refundRejected(executor, row, order);
      const updated = await repository.updateRefund(executor, row.id, ['failed', 'pending'], {
        ...decided,
        status: 'rejected',
        failureReason: row.failureReason,
      });
      return updated!;
    },

    /** Every refund of one order, as its customer reads them. */
    async ofOrderForCustomer(executor: Db, orderId: string): Promise<CustomerRefund[]> {
      return (await repository.refundsOfOrder(executor, orderId)).map(customerRefundOf);
    },

    onProviderEvent: withProvider(onProviderRefundEvent),

    /**
     * A card dispute heard from the provider (ADR 049). Only a resolution moves money: accepted (the bank reversed the
     * payment) books the whole card payment back as `chargeback` refunds of the checkout's orders, already processed,
     * borne as the admin decided (the store by default); declined moves nothing. An accepted dispute that is not the
     * whole remaining card payment, or whose checkout gift cards also paid, is left for an admin to settle.
     */
    async onDispute(
      executor: Db,
      event: {
        stage: 'create' | 'remind' | 'resolve';
        disputeId: string;
        transactionReference: string;
        resolution: string | null;
        category: string | null;
        refundAmountKobo: number | null;
        bearer: 'merchant' | 'platform' | null;
        settlementKey: string;
      },
    ): Promise<string> {
      if (event.stage !== 'resolve') return `dispute:${event.stage}`;
      if (!ACCEPTED_RESOLUTIONS.has(event.resolution ?? '')) return 'dispute:nothing-moved';
      if ((await repository.refundsSettledBy(executor, event.settlementKey)).length > 0)
        return 'dispute:refund-booked';
      const tracker = await repository.lockTracker(executor, { reference: event.transactionReference });
      if (tracker?.status !== 'paid') return 'dispute:needs-review';
      const cashLeft = tracker.amountDueKobo - tracker.refundedKobo;
      const giftLeft = tracker.giftCardKobo - tracker.giftCardRefundedKobo;
      const reversed = event.refundAmountKobo ?? cashLeft;
      if (cashLeft <= 0 || reversed !== cashLeft || giftLeft > 0) return 'dispute:needs-review';
      const reason =
        `Card dispute ${event.disputeId}${event.category ? ` (${event.category})` : ''} resolved ${event.resolution}: ` +
        'the bank reversed the payment';
      for (const order of await repository.ordersOfTracker(executor, tracker.id)) {
        // The bank reversed the card payment only: an order paid at the door was not in it (ADR 089).
        if (order.paymentMethod === 'on_delivery') continue;
        await service.book(executor, {
          orderId: order.id,
          returnId: null,
          kind: 'chargeback',
          lines: 'all',
          reason,
          actor: { role: 'system', id: null },
          chargedTo: event.bearer ?? 'merchant',
          settledByProvider: event.settlementKey,
        });
      }
      return 'dispute:refund-booked';
    },

    /** An admin changed who bears a dispute: the refunds its resolution booked move with it. */
    async setChargedToOfDispute(executor: Db, settlementKey: string, chargedTo: 'merchant' | 'platform') {
      const rows = await repository.setChargedToSettledBy(executor, settlementKey, chargedTo, deps.now());
      if (rows.length > 0) await money.books.chargedToChanged(executor, rows);
      return rows;
    },

    async setChargedTo(executor: Db, returnId: string, chargedTo: 'merchant' | 'platform', at: Date) {
      const rows = await repository.setChargedTo(executor, returnId, chargedTo, at);
      await money.books.chargedToChanged(executor, rows);
      return rows;
    },

    refundsOfReturns: (executor: Db, returnIds: string[]) => repository.refundsOfReturns(executor, returnIds),

    /** What was paid for each item of the order (line amount), for the return's view. */
    async paidPerItem(
      executor: Db,
      orderId: string,
    ): Promise<Map<string, { paidKobo: number; quantity: number }>> {
      const order = await repository.findOrder(executor, orderId);
      if (!order) return new Map();
      const items = await repository.itemsOfOrders(executor, [orderId]);
      items.sort((a, b) => a.id.localeCompare(b.id));
      const paid = paidPerLine(items, order.discountKobo);
      return new Map(
        items.map((item, index) => [item.id, { paidKobo: paid[index]!, quantity: item.quantity }]),
      );
    },

    async list(query: { page: number; limit: number; status?: OrderRefundStatus; needsAttention?: boolean }) {
      const { rows, total } = await repository.refundPage(
        db,
        { status: query.status, needsAttention: query.needsAttention },
        query,
      );
      return {
        refunds: rows.map((row) => refundRecordOf(row, row.orderName)),
        pagination: pageInfo(query.page, query.limit, total),
      };
    },

    async record(executor: Db, row: RefundRow): Promise<RefundRecord> {
      const names = await repository.orderNames(executor, [row.orderId]);
      return refundRecordOf(row, names.get(row.orderId) ?? '');
    },

    find: (executor: Db, refundId: string) => repository.findRefund(executor, refundId),
  };
  return service;
}

export type RefundsService = ReturnType<typeof createRefundsService>;
