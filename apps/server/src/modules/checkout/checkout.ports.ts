import type { OrdersService } from '../orders/index.js';

// What checkout is handed by the composition, and the shapes its steps share with the checkout-and-pay flow. Checkout
// itself holds no tables: the cart prices (a step of the flow), the orders module writes orders; the flow holds stock
// (catalog), gift-card money and coupon uses in their own modules.

export interface StockLine {
  productId: string;
  variantId: string | null;
  quantity: number;
}

/**
 * What checkout is built with: the orders module's service, the one the composition joined the order-money flow and
 * the payment-channel read to (composition/flows.ts), so that the orders checkout cancels book their money and the
 * trackers it shows name how they were paid. The cart it reads through the cart's index, and the cart's pricing
 * (with the process's rate card) is the checkout-and-pay flow's step; the holds checkout takes in other modules
 * (stock, gift-card money, coupon uses, pay on delivery) are the flow's steps too.
 */
export interface CheckoutPorts {
  /** Orders: the tracker, its orders and every status move. */
  orders: OrdersService;
}
