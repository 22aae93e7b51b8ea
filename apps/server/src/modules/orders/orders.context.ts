import type { Deps } from '../../platform/deps.js';
// What the orders service's functions share (ADR 091): the platform's deps and the payment channel read the
// composition sets. No books: the flow that moves an order books its money (ADR 081).

/** Where the customer's order reads how its checkout was paid (the payments module, handed in by the app). */
export type PaidChannelOf = (reference: string) => Promise<string | null>;

/** What the orders service's functions work with: the moves of `orders.transitions.ts` use only deps. */
export interface OrdersContext {
  deps: Deps;
  /** Set once by the composition (`readPaymentChannelFrom`); none until then. */
  paidChannelOf: PaidChannelOf;
}
