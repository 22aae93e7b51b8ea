import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import type { OrderMoneyEvents } from './money-events.js';
import type { SellerTax } from './receipt.js';
// What the orders service's functions share (ADR 091): the platform's deps, the order-money flow, and what the
// service reads of other modules (handed in by the composition).

/** The store's own TIN and VAT registration (the stores module's, handed in by the composition). */
export type StoreTaxOf = (executor: Db, storeId: string) => Promise<SellerTax>;

/** Where the customer's order reads how its checkout was paid (the payments module, handed in by the app). */
export type PaidChannelOf = (reference: string) => Promise<string | null>;

/** What the orders service's functions work with: the moves of `orders.transitions.ts` use only deps and money. */
export interface OrdersContext {
  deps: Deps;
  money: OrderMoneyEvents;
  storeTaxOf: StoreTaxOf;
  /** Set once by the composition (`readPaymentChannelFrom`); none until then. */
  paidChannelOf: PaidChannelOf;
}
