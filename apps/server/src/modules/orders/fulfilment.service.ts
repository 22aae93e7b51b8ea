import { bound } from '../../platform/bound.js';
import type { Deps } from '../../platform/deps.js';
import { listCarrierAccounts } from '../auth/index.js';
import {
  allowedNext,
  assign,
  deliveredBefore,
  parcelLabel,
  partnerAccept,
  partnerDecline,
  scannedParcel,
  setDispatcher,
  updateToken,
} from './fulfilment.carriers.js';
import { fulfilmentContext } from './fulfilment.context.js';
import { takenBack, wrongTokenAnswer } from './fulfilment.moves.js';
import { answerMove, applyMove, checkToken, lockMove, prepareMove } from './fulfilment.steps.js';
import {
  adminList,
  mayViewEvidence,
  merchantList,
  partnerList,
  partnerOrder,
  searchOrders,
  staffOrder,
} from './fulfilment.views.js';
import type { OrdersService } from './orders.service.js';

export type {
  EvidenceUpload,
  FulfilmentCaller,
  FulfilmentContext,
  PayOnDeliverySteps,
} from './fulfilment.context.js';
export { MAX_WRONG_TOKENS, type TakenBack } from './fulfilment.moves.js';
export { evidencePurpose } from './fulfilment.steps.js';
export { queueStatuses, startOfLagosDay } from './fulfilment.views.js';

/**
 * The fulfilment chain (ADR 029, 057, 078, 081): an order's move from the store to the customer, its assignment to a
 * carrier, and what each party reads of it. Its functions live in files by concern (ADR 091): who may see what
 * (`fulfilment.access.ts`), views and lists (`fulfilment.views.ts`), the steps of a move
 * (`fulfilment.steps.ts`, the order-fulfilment flow's), the parcel between store, carrier and customer
 * (`fulfilment.carriers.ts`), and the move's rules that need only the order (`fulfilment.moves.ts`).
 */
export function createFulfilmentService(deps: Deps, orders: OrdersService) {
  const ctx = fulfilmentContext(deps, orders);
  return {
    searchOrders: bound(ctx, searchOrders),
    parcelLabel: bound(ctx, parcelLabel),
    scannedParcel: bound(ctx, scannedParcel),
    /** The statuses the caller may move this order to now. */
    allowedNext: bound(ctx, allowedNext),
    /**
     * The steps of one move along the machine (`PATCH /ordertracking/update-order/{id}`), in the order the
     * order-fulfilment flow (`flows/order-fulfilment.ts`) takes them; the steps of other modules go between them.
     */
    moves: {
      prepare: bound(ctx, prepareMove),
      lock: bound(ctx, lockMove),
      checkToken: bound(ctx, checkToken),
      takenBack,
      wrongTokenAnswer,
      apply: bound(ctx, applyMove),
      answer: bound(ctx, answerMove),
    },
    updateToken: bound(ctx, updateToken),
    merchantList: bound(ctx, merchantList),
    adminList: bound(ctx, adminList),
    mayViewEvidence: bound(ctx, mayViewEvidence),
    staffOrder: bound(ctx, staffOrder),
    carriers: () => listCarrierAccounts(deps.db),
    assign: bound(ctx, assign),
    partnerList: bound(ctx, partnerList),
    partnerOrder: bound(ctx, partnerOrder),
    partnerAccept: bound(ctx, partnerAccept),
    partnerDecline: bound(ctx, partnerDecline),
    setDispatcher: bound(ctx, setDispatcher),
    deliveredBefore: bound(ctx, deliveredBefore),
  };
}

export type FulfilmentService = ReturnType<typeof createFulfilmentService>;
