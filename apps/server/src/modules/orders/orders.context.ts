import type { Deps } from '../../platform/deps.js';
import type { OrderMoneyEvents } from './money-events.js';
// What the orders service's functions share (ADR 091): the platform's deps, the order-money flow, and the payment
// channel read the composition sets.

/** Where the customer's order reads how its checkout was paid (the payments module, handed in by the app). */
export type PaidChannelOf = (reference: string) => Promise<string | null>;

/** What the orders service's functions work with: the moves of `orders.transitions.ts` use only deps and money. */
export interface OrdersContext {
  deps: Deps;
  money: OrderMoneyEvents;
  /** Set once by the composition (`readPaymentChannelFrom`); none until then. */
  paidChannelOf: PaidChannelOf;
}
