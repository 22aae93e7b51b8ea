/** Query keys of the gift cards a customer bought; every key starts with 'gift-cards'. */
export const giftCardsKeys = {
  all: ['gift-cards'] as const,
  mine: (customerId: string, query: object) => ['gift-cards', customerId, 'mine', query] as const,
  status: (reference: string) => ['gift-cards', 'status', reference] as const,
};

export const GIFT_CARD_MESSAGES = {
  list: 'Could not get your gift cards. Try again later.',
  purchase: 'Could not order the gift card. Try again later.',
  status: 'Could not check the gift card payment. Try again later.',
} as const;

/** Waits between status checks while a gift card payment is not confirmed yet. */
export const GIFT_CARD_POLL_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000] as const;
