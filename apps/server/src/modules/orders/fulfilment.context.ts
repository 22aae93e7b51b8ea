import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { trackingUrlMaker } from '../../platform/security/tracking-links.js';
import type { OrderRow } from './orders.repository.js';
import type { OrdersService } from './orders.service.js';
// The fulfilment chain's callers, the pay-on-delivery steps a move calls, and its functions' context (ADR 091).

/** Who calls: the guard's account kind, admin role and store, in the words of the fulfilment chain. */
export interface FulfilmentCaller {
  kind: 'customer' | 'merchant' | 'admin' | 'partner';
  userId: string;
  role: string | null;
  storeId?: string;
  /** What the guard resolved the caller may do: an admin without `orders:read-all` reads only what they carry. */
  permissions: readonly string[];
}

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
}

/** A photo sent with a move (multipart), checked and stored by the platform's image pipeline. */
export interface EvidenceUpload {
  bytes: Buffer;
}

/**
 * What the fulfilment service's functions work with (ADR 091): the platform's deps and the orders module. Nothing is
 * handed in (ADR 115, amended): the customer, the store's pickup place, hub and tax, the carriers, an order's money
 * and a carrier's pay-on-delivery cash limit are read through the auth, stores, hubs, ledger and pay-on-delivery
 * modules' index; a refund's steps, the books of cash at the door and the late returns beside late orders are flows'.
 */
export interface FulfilmentContext {
  deps: Deps;
  db: Db;
  orders: OrdersService;
  /** The signed tracking link of an order for a customer's message (issue 36). */
  trackUrlOf(orderId: string, at: Date): string;
}

/** The context of one fulfilment service: tracking links signed, bound to the order, living past the return window. */
export function fulfilmentContext(deps: Deps, orders: OrdersService): FulfilmentContext {
  return { deps, db: deps.db, orders, trackUrlOf: trackingUrlMaker(deps.config) };
}
