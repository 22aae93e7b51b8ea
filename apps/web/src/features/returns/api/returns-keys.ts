/** Query keys of returns; every key starts with 'returns'. */
export const returnsKeys = {
  all: ['returns'] as const,
  customer: (customerId: string, query: object) => ['returns', 'customer', customerId, query] as const,
  staff: (viewer: 'merchant' | 'admin', query: object) => ['returns', viewer, 'list', query] as const,
  one: (viewer: 'customer' | 'merchant' | 'admin', id: string) => ['returns', viewer, 'one', id] as const,
  refunds: (query: object) => ['returns', 'admin', 'refunds', query] as const,
  cardDisputes: (query: object) => ['returns', 'admin', 'card-disputes', query] as const,
};

export const RETURN_MESSAGES = {
  returns: 'Could not get returns. Try again later.',
  return: 'Could not get this return. Try again later.',
  refunds: 'Could not get refund requests. Try again later.',
  cardDisputes: 'Could not get card disputes. Try again later.',
  /** Section 8: failures of create-return. */
  failed: 'Something went wrong',
  network: 'Check network connection',
} as const;
