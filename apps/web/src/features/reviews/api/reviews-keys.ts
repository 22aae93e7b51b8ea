/** Query keys of reviews; every key starts with 'reviews'. */
export const reviewsKeys = {
  all: ['reviews'] as const,
  product: (productId: string, page: number) => ['reviews', 'product', productId, page] as const,
  store: (storeId: string, page: number) => ['reviews', 'store', storeId, page] as const,
  mine: ['reviews', 'mine'] as const,
  inbox: (filter: object) => ['reviews', 'inbox', filter] as const,
  admin: (filter: object) => ['reviews', 'admin', filter] as const,
};

export const REVIEW_MESSAGES = {
  list: 'Could not get reviews. Try again later.',
  send: 'Could not send your review. Try again later.',
  reply: 'Could not save your reply. Try again later.',
  moderate: 'Could not change the review. Try again later.',
} as const;
