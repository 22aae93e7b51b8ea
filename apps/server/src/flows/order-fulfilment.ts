import { fulfilmentEndpoints, orderBatchEndpoints, type UpdateOrderBody } from '@market/contracts';
import { returnStock } from '../modules/catalog/index.js';
import {
  type EvidenceUpload,
  eachOrder,
  type FulfilmentCaller,
  type FulfilmentService,
  fulfilmentCallerOf,
  movedSummary,
  type OrderRow,
  type PayOnDeliverySteps,
} from '../modules/orders/index.js';
import type { Deps } from '../platform/deps.js';
import { type RouteDefinition, route } from '../platform/http/routes.js';
import type { OrderMoneyBooks } from './order-money.js';
import { bookRefund, type RefundMoney, sendRefund } from './return-and-refund.js';

// Flow: order fulfilment (ADR 047, 081). The orders module owns the machine of an order's moves; a move that takes
// cash at the door, gives stock back or refunds crosses modules, and its sequence is here.
//
// Move an order one step (PATCH /ordertracking/update-order/{id}; the store's batch moves, one order at a time):
// Before the transaction:
//   1. prepare   fulfilment.moves.prepare: a scanned label must be this order's; the move's photo stored (the
//                move is checked first, so a refused move stores nothing).
// One transaction:
//   2. lock      fulfilment.moves.lock: the order locked and visible, the move allowed; the cash the carrier says
//                it took read (an order paid at the door, moved to delivered), so a wrong amount changes nothing.
//   3. token     fulfilment.moves.checkToken: the customer's delivery token when the move needs it. A wrong one is
//                counted (the transaction commits the count) and answered after it.
//   4. cash      pay on delivery's collect: the carrier took the cash (the ledger books it as the payment, ADR 074);
//                or refused: the customer refused the parcel at the door.
//   5. back      a cancellation or a failed delivery taken back (fulfilment.moves.takenBack): catalog's
//                returnStock, and bookRefund of the whole order unless nothing was paid (the return-and-refund
//                flow's money step 1: the gift-card part back on its cards now; the books by the order-money flow).
//   6. move      fulfilment.moves.apply: the transition, the assignment closed or accepted, who is told.
//   7. books     the order-money flow's `moved`: a cancellation or a return stops counting the order in the
//                store's figures; a return makes what is still due payable (ADR 059, 082).
// After the commit:
//   8. send      sendRefund, each provider part (the return-and-refund flow's money steps 2–4). A failure
//                stays on the refund row for an admin to retry; the move stands.
//   9. answer    fulfilment.moves.answer: live screens hear of the move; what the caller may do next.

export interface OrderFulfilmentParts {
  deps: Deps;
  /** The order-money flow's books: what a move means for the order's money. */
  books: Pick<OrderMoneyBooks, 'moved'>;
  fulfilment: Pick<FulfilmentService, 'moves'>;
  /** A refund's money steps (the return-and-refund flow's). */
  money: RefundMoney;
  payOnDelivery: Pick<PayOnDeliverySteps, 'collect' | 'refused'>;
}

export function createOrderFulfilment(parts: OrderFulfilmentParts) {
  const { deps, money, payOnDelivery, books } = parts;
  const { moves } = parts.fulfilment;

  async function move(
    orderId: string,
    caller: FulfilmentCaller,
    body: UpdateOrderBody,
    upload?: EvidenceUpload,
  ) {
    const { parcelRef, shippingEvidence } = await moves.prepare(orderId, caller, body, upload);
    let toSend: string[] = [];
    let previousCarrier: string | null = null;
    const outcome = await deps.db.transaction(async (tx) => {
      const { order, at, collection } = await moves.lock(tx, orderId, caller, body);
      previousCarrier = order.partnerId ?? order.dispatcherId;
      const token = await moves.checkToken(tx, order, body, at);
      if (token.wrong) return token.wrong;
      if (token.checked && collection) await payOnDelivery.collect(tx, order, collection);
      if (body.refusedByCustomer) await payOnDelivery.refused(tx, order);
      const back = await moves.takenBack(tx, order, body.status, body.note, caller);
      if (back) {
        await returnStock(tx, back.stock);
        if (back.refund) toSend = (await bookRefund(money, tx, back.refund)).toSend;
      }
      const moved: OrderRow = await moves.apply(tx, order, caller, body, {
        at,
        deliveryTokenChecked: token.checked,
        shippingEvidence,
        parcelRef,
        refunding: back?.refund != null,
      });
      await books.moved(tx, moved);
      return { kind: 'moved', order: moved } as const;
    });
    if (outcome.kind === 'wrong-token') throw moves.wrongTokenAnswer(outcome);
    for (const refundId of toSend) await sendRefund(money, refundId);
    return moves.answer(outcome.order, caller, previousCarrier);
  }

  const routes: RouteDefinition[] = [
    route(fulfilmentEndpoints.updateOrder, async ({ auth, params, body, file }) => {
      const moved = await move(
        params.id,
        fulfilmentCallerOf(auth),
        body,
        file ? { bytes: file.bytes } : undefined,
      );
      return { message: `Order is now ${moved.orderStatus.known_name.toLowerCase()}`, data: moved };
    }),
    route(orderBatchEndpoints.merchantMove, async ({ auth, body }) => {
      const caller = fulfilmentCallerOf(auth);
      const answer = await eachOrder(body.orderIds, async (orderId) => {
        const moved = await move(orderId, caller, { status: body.status, note: body.note });
        return moved.orderStatus;
      });
      return { message: movedSummary(answer, 'moved'), data: answer };
    }),
  ];
  return { service: { move }, routes };
}
