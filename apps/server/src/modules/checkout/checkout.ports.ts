import type { Db } from '../../platform/db/client.js';
import type { AppliedCoupon, CartService } from '../cart/index.js';
import type { OrdersService } from '../orders/index.js';

// Everything checkout needs from other modules, handed in by the composition. Checkout itself holds no tables: the cart
// prices, the catalog holds stock, the orders module writes orders, coupons and gift cards keep their own books.

export interface StockLine {
  productId: string;
  variantId: string | null;
  quantity: number;
}

export interface CouponUses {
  trackerId: string;
  customerId: string;
  applied: Pick<AppliedCoupon, 'couponId' | 'code' | 'storeId' | 'discountKobo'>[];
}

export interface CouponUseOutcome {
  refused: { couponId: string; code: string | null; reason: string }[];
}

export interface CheckoutPorts {
  /** Cart: the pricing function, the cart page's view of it, and the cart row checkouts queue on. */
  cart: Pick<CartService, 'price' | 'toCartState' | 'lockCart'>;
  /** Orders: the tracker, its orders and every status move. */
  orders: OrdersService;
  /** Catalog: stock taken at checkout, given back when it closes unpaid. */
  /** Answers what each product has left, under the row lock held until the caller's transaction ends. */
  reserveStock(executor: Db, lines: StockLine[]): Promise<Map<string, number>>;
  returnStock(executor: Db, lines: StockLine[]): Promise<void>;
  /**
   * Coupons: a use of each applied coupon is held when the checkout is created (counted against the limits with
   * the paid ones, under the coupon's row lock) and given back when it closes unpaid. The checkout-and-pay flow
   * makes them paid.
   */
  holdRedemptions(executor: Db, input: CouponUses): Promise<CouponUseOutcome>;
  releaseRedemptions(executor: Db, trackerId: string): Promise<unknown>;
  /** Gift cards: money held at checkout, given back when it closes unpaid (spent by the flow when paid). */
  holdGiftCards(
    executor: Db,
    input: { trackerId: string; customerId: string; cardIds: string[]; amountKobo: number },
  ): Promise<{ heldKobo: number }>;
  releaseGiftCards(executor: Db, trackerId: string): Promise<unknown>;
}
