/** Query keys of checkouts (trackers) by payment reference; every key starts with 'checkout'. */
export const checkoutKeys = {
  all: ['checkout'] as const,
  transaction: (reference: string) => ['checkout', 'transaction', reference] as const,
  tracker: (reference: string) => ['checkout', 'tracker', reference] as const,
};

/** Section 8. */
export const CHECKOUT_MESSAGES = {
  placeOrder: 'Failed to place order',
  createOrder: 'Failed to create order',
  transaction: 'Failed to create transaction',
} as const;

/** Waits between tracker checks while the payment is not confirmed yet: 1 s, 2 s, 4 s, 8 s, 15 s. */
export const TRACKER_POLL_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000] as const;
