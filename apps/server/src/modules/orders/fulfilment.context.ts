import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { trackingUrlMaker } from '../../platform/security/tracking-links.js';
import type { OrderRow } from './orders.repository.js';
import type { OrdersService } from './orders.service.js';
import type { RefundNeeds } from './refunds.service.js';
// The fulfilment chain's callers, what it needs of other modules, and the context its functions share (ADR 091).

/** Who calls: the guard's account kind, admin role and store, in the words of the fulfilment chain. */
export interface FulfilmentCaller {
  kind: 'customer' | 'merchant' | 'admin' | 'partner';
  userId: string;
  role: string | null;
  storeId?: string;
  /** What the guard resolved the caller may do: an admin without `orders:read-all` reads only what they carry. */
  permissions: readonly string[];
}

/**
 * What the orders module's chain is handed by the composition (ADR 010): the refund steps at the payment provider
 * and the gift cards (actions in other modules, each in the caller's transaction), pay on delivery's cash limit (a
 * service built with the ledger's books by the pay-on-delivery flow), and the returns module's late returns
 * (returns imports orders: importing it back would be a cycle). The customer, the store's pickup place, hub and
 * tax, the carriers and an order's money it reads through the auth, stores, hubs and ledger modules' index.
 */
export interface FulfilmentNeeds {
  /** Reserves a refund on the payment, in the transaction that records the intent to send it (ADR 061). */
  reserveRefund: RefundNeeds['reserveRefund'];
  /** Sends money back through the payment provider (after the intent committed). */
  sendRefund: RefundNeeds['sendRefund'];
  /** Frees a refund's reservation on the payment when the provider reports it failed. */
  releaseRefund: RefundNeeds['releaseRefund'];
  /** Gives a checkout's gift-card money back to its cards. */
  refundToCards: RefundNeeds['refundToCards'];
  /** Pay on delivery (ADR 074): a carrier's cash limit when it is given an order paid at the door. */
  payOnDelivery: Pick<PayOnDeliverySteps, 'carrierRefusal'>;
  /** Returns waiting for a store's decision past the cutoff, for the service-level dashboard (issue 35). */
  lateReturns: LateReturnsWaiting;
}

/** The returns module's late returns, the longest waiting first, each with how many are late in all. */
export type LateReturnsWaiting = (
  executor: Db,
  cutoff: Date,
  limit: number,
  storeId?: string,
) => Promise<
  { orderId: string; orderName: string; storeId: string; storeName: string; since: Date; total: number }[]
>;

/** What a move asks of pay on delivery, in the move's transaction (ADR 074; the order-fulfilment flow's steps). */
export interface PayOnDeliverySteps {
  /** The carrier took the due amount at the door: the collection and its ledger movement. */
  collect(
    executor: Db,
    order: OrderRow,
    collection: {
      method: 'cash' | 'pos' | 'transfer';
      reference: string | null;
      amountKobo: number;
      carrier: { id: string; kind: 'dispatcher' | 'partner' | 'hub'; name: string };
    },
  ): Promise<void>;
  /** The customer refused the parcel at the door. */
  refused(executor: Db, order: OrderRow): Promise<void>;
  /** Why this carrier may not be given another order paid on delivery now (its cash held), or null. */
  carrierRefusal(executor: Db, carrierId: string): Promise<string | null>;
}

/** A photo sent with a move (multipart), checked and stored by the platform's image pipeline. */
export interface EvidenceUpload {
  bytes: Buffer;
}

/** What the fulfilment service's functions work with (ADR 091): the platform's deps, the orders module, its needs. */
export interface FulfilmentContext {
  deps: Deps;
  db: Db;
  orders: OrdersService;
  needs: FulfilmentNeeds;
  /** The signed tracking link of an order for a customer's message (issue 36). */
  trackUrlOf(orderId: string, at: Date): string;
}

/** The context of one fulfilment service: tracking links signed, bound to the order, living past the return window. */
export function fulfilmentContext(
  deps: Deps,
  orders: OrdersService,
  needs: FulfilmentNeeds,
): FulfilmentContext {
  return { deps, db: deps.db, orders, needs, trackUrlOf: trackingUrlMaker(deps.config) };
}
