/** Query keys of the public store directory and following; every key starts with 'stores'. */
export const storesKeys = {
  all: ['stores'] as const,
  directory: (params: object) => ['stores', 'directory', params] as const,
  top: (limit: number) => ['stores', 'top', limit] as const,
  one: (storeUrl: string) => ['stores', 'one', storeUrl] as const,
  /** Follow state belongs to one signed-in customer, so their id is part of the key. */
  followState: (storeId: string, customerId: string) => ['stores', 'follow', customerId, storeId] as const,
  following: (params: object) => ['stores', 'following', params] as const,
  followingAll: ['stores', 'following'] as const,
};

export const STORE_MESSAGES = {
  stores: 'Could not get stores. Try again later.',
  merchant: 'Could not get merchant details. Try again later.',
} as const;
