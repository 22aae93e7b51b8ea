import type { CartService } from '../cart/index.js';
import type { OrdersService } from '../orders/index.js';

// What checkout is handed by the composition, and the shapes its steps share with the checkout-and-pay flow. Checkout
// itself holds no tables: the cart prices, the orders module writes orders; the flow holds stock (catalog), gift-card
// money and coupon uses in their own modules.

export interface StockLine {
  productId: string;
  variantId: string | null;
  quantity: number;
}

/**
 * The services checkout is built with: the cart's pricing (built with its own reads of addresses, shipping, coupons
 * and gift cards) and the orders module's writes. The holds checkout takes in other modules (stock, gift-card money,
 * coupon uses, pay on delivery) are the checkout-and-pay flow's steps, not checkout's.
 */
export interface CheckoutPorts {
  /** Cart: the pricing function, the cart page's view of it, and the cart row checkouts queue on. */
  cart: Pick<CartService, 'price' | 'toCartState' | 'lockCart'>;
  /** Orders: the tracker, its orders and every status move. */
  orders: OrdersService;
}
