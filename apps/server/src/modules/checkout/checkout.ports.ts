// The shapes checkout's steps share with the checkout-and-pay flow. Checkout itself holds no tables: the cart prices (a
// step of the flow), the orders module writes orders (its service built from the orders' index, nothing handed in);
// the flow holds stock (catalog), gift-card money and coupon uses in their own modules.

export interface StockLine {
  productId: string;
  variantId: string | null;
  quantity: number;
}
