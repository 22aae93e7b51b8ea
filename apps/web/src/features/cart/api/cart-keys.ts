/** Query keys of the customer's cart; every key starts with 'cart' and holds the customer's id. */
export const cartKeys = {
  all: ['cart'] as const,
  cart: (customerId: string) => ['cart', customerId] as const,
};

/** Every mutation that changes the cart carries this key, so the last one to finish refreshes it. */
export const cartMutationKey = ['cart', 'change'] as const;

export const CART_MESSAGES = {
  cart: 'Could not get your cart. Try again later.',
  update: 'Failed to update cart item',
  remove: 'Failed to remove item from cart',
  /** Section 7: add-to-cart rethrows this when the session is not valid. */
  tokenInvalid: 'Token is not valid',
} as const;

/** Section 9: the cart is stale after 5 minutes, discarded after 10, and retried once. */
export const CART_STALE_TIME_MS = 5 * 60_000;
export const CART_GC_TIME_MS = 10 * 60_000;
