import type { Deps } from '../../platform/deps.js';
import { fulfilmentRoutes } from './fulfilment.routes.js';
import { createFulfilmentService } from './fulfilment.service.js';
import { orderBatchRoutes } from './order-batch.routes.js';
import { orderSearchRoutes } from './order-search.routes.js';
import { ordersRoutes } from './orders.routes.js';
import { createOrdersService } from './orders.service.js';
import { parcelLabelRoutes } from './parcel-labels.routes.js';
import { createRefundsService } from './refunds.service.js';
import { serviceLevelRoutes } from './service-levels.js';

// The orders module's public face: other modules import only from here. It owns every order write: checkout's
// (createFromCheckout, markPaid, closeUnpaid) and the fulfilment chain's (moves, assignment, delivery tokens). A
// move's sequence, with the steps of other modules in it, is the order-fulfilment flow's (ADR 081).

export function createOrdersModule(deps: Deps) {
  const service = createOrdersService(deps);
  const refunds = createRefundsService(deps);
  const fulfilment = createFulfilmentService(deps, service);
  return {
    service,
    fulfilment,
    refunds,
    routes: [
      ...ordersRoutes(service),
      ...fulfilmentRoutes(fulfilment),
      ...orderBatchRoutes(fulfilment),
      ...parcelLabelRoutes(deps, fulfilment),
      ...orderSearchRoutes(fulfilment),
      ...serviceLevelRoutes(deps),
    ],
  };
}

export { callerOf as fulfilmentCallerOf } from './fulfilment.routes.js';
export type {
  EvidenceUpload,
  FulfilmentCaller,
  FulfilmentService,
  PayOnDeliverySteps,
} from './fulfilment.service.js';
export { MAX_WRONG_TOKENS, queueStatuses } from './fulfilment.service.js';
export { eachOrder, movedSummary } from './order-batch.routes.js';
export type { ActorRole, OrderActor, OrderMove, OrderStatusRule } from './order-status.js';
export { actorRoles, orderStatusTable } from './order-status.js';
export type {
  ActivityRow,
  ItemRow,
  OrderRow,
  RefundRow,
  TrackerRow,
} from './orders.repository.js';
export {
  findOrder,
  hasReceivedFromStore,
  hasReceivedProduct,
  ordersWaitingInQueue,
} from './orders.repository.js';
export type { DeliveryAddress, RefundStatus } from './orders.schema.js';
export { checkoutCustomers } from './orders.schema.js';
export type {
  CheckoutInput,
  CheckoutOrderInput,
  OrdersService,
  TransitionEvidence,
} from './orders.service.js';
/**
 * The orders service alone, for a module that writes orders through it (checkout): its steps hold nothing the
 * composition sets that such a caller reads (the payment-channel read serves the customer's order only; ADR 081).
 */
export { createOrdersService, isFirstTimeCustomer, storeOrdersToAccept } from './orders.service.js';
export { carriedOpenOrders, carriedOpenStatuses } from './orders-fulfilment.repository.js';
export {
  ANONYMISED_NAME,
  anonymiseOrders,
  deliveriesForExport,
  deliveryInFlightOf,
  ordersForExport,
  unfinishedBusinessOf,
} from './personal-data.js';
export { largestRemainder, paidPerLine, unitsAmount } from './refund-apportion.js';
export { nextRefundAttempt, REFUND_RETRY_DELAYS_MINUTES } from './refunds.rules.js';
export type {
  BookedOfOrder,
  BookedRefund,
  BookRefundInput,
  DecidedMoney,
  DecidedRefund,
  DisputeEvent,
  GivenToCards,
  ProviderRefundEvent,
  ProviderRefundOutcome,
  RefundAtProvider,
  RefundPlan,
  RefundsService,
} from './refunds.service.js';
export {
  customerRefundOf,
  REFUND_OUTCOME_UNKNOWN,
  refundRecordOf,
  unsettled,
} from './refunds.service.js';
export type { LateOrderToTell, LateReturnRow } from './service-levels.js';
export {
  lateCutoff,
  lateOrderGroups,
  lateOrdersToTell,
  lateReturnsGroup,
  readServiceLevelLimits,
} from './service-levels.js';
