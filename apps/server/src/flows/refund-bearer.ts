import { adminReturnEndpoints, type ChargebackDecisionBody } from '@market/contracts';
import type { RefundsService } from '../modules/orders/index.js';
import {
  type ReturnCaller,
  type ReturnDecisions,
  type ReturnsService,
  returnCallerOf,
} from '../modules/returns/index.js';
import { bound } from '../platform/bound.js';
import type { Db } from '../platform/db/client.js';
import { type RouteDefinition, route } from '../platform/http/routes.js';
import type { OrderMoneyBooks } from './order-money.js';

// Flow: who bears a refund (ADR 049, 081), an admin's decision. The returns module keeps the decision (a return's
// chargeback, a card dispute's bearer); the orders module's refund rows carry it; the ledger moves the refunds'
// store and commission parts to the platform's chargebacks or back. One transaction each, this flow's.
//
// A return's chargeback (POST /returns/admin/chargeback-decision/{id}):
//   1. lock      returns.withLockedReturn: the order, then the return (row locks), the caller may see it.
//   2. record    returns.recordChargeback: the return's chargeback and note, audited.
//   3. rows      refunds.setChargedTo: the return's refund rows borne by that party.
//   4. books     books.chargedToChanged: the ledger moves them.
//   5. answer    returns.view, in the transaction.
//
// A card dispute's bearer (POST /returns/admin/card-disputes/{id}/bearer):
//   1. record    returns.recordDisputeBearer: the dispute's bearer (payments' dispute row), audited.
//   2. rows      refunds.setChargedToOfDispute: the refunds its resolution booked, borne by that party.
//   3. books     books.chargedToChanged, when there were any.
//   4. answer    returns.cardDisputeView, in the transaction.

export interface RefundBearerParts {
  db: Db;
  now: () => Date;
  books: Pick<OrderMoneyBooks, 'chargedToChanged'>;
  decisions: Pick<ReturnDecisions, 'withLockedReturn'>;
  returns: Pick<ReturnsService, 'recordChargeback' | 'recordDisputeBearer' | 'view' | 'cardDisputeView'>;
  refunds: Pick<RefundsService, 'setChargedTo' | 'setChargedToOfDispute'>;
}

/** Who bears the return's refund in the books; the refund rows carry it for the ledger. */
async function chargeback(
  parts: RefundBearerParts,
  caller: ReturnCaller,
  returnId: string,
  body: ChargebackDecisionBody,
) {
  const { books, returns, refunds } = parts;
  return parts.decisions.withLockedReturn(returnId, caller, async (tx, row, order) => {
    const at = parts.now();
    const updated = await returns.recordChargeback(tx, row, order, body, at);
    const rows = await refunds.setChargedTo(tx, row.id, body.decision, at);
    await books.chargedToChanged(tx, rows);
    return returns.view(tx, updated, caller);
  });
}

/** Who bears a card dispute: refunds its resolution already booked move to that party in the books. */
async function disputeBearer(
  parts: RefundBearerParts,
  caller: ReturnCaller,
  disputeId: string,
  body: ChargebackDecisionBody,
) {
  const { books, returns, refunds } = parts;
  return parts.db.transaction(async (tx) => {
    const { row, settlementKey } = await returns.recordDisputeBearer(tx, caller, disputeId, body);
    const rows = await refunds.setChargedToOfDispute(tx, settlementKey, body.decision);
    if (rows.length > 0) await books.chargedToChanged(tx, rows);
    return returns.cardDisputeView(tx, row);
  });
}

/** Wires the flow: its routes, and its steps bound to the parts. */
export function createRefundBearer(parts: RefundBearerParts) {
  const routes: RouteDefinition[] = [
    route(adminReturnEndpoints.chargebackDecision, async ({ auth, params, body }) => ({
      message: 'Chargeback decision saved',
      data: await chargeback(parts, returnCallerOf(auth), params.id, body),
    })),
    route(adminReturnEndpoints.cardDisputeBearer, async ({ auth, params, body }) => ({
      message:
        body.decision === 'platform'
          ? 'The platform bears this dispute'
          : 'This dispute is charged back to the store',
      data: await disputeBearer(parts, returnCallerOf(auth), params.id, body),
    })),
  ];
  return {
    service: { chargeback: bound(parts, chargeback), disputeBearer: bound(parts, disputeBearer) },
    routes,
  };
}
