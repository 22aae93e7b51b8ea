/** Query keys of the customer's shipping addresses; every key starts with 'addresses'. */
export const addressesKeys = {
  all: ['addresses'] as const,
  list: (customerId: string) => ['addresses', customerId] as const,
};

/** Section 8. */
export const ADDRESS_MESSAGES = {
  list: 'Could not fetch addresses. Try again later.',
  addFailed: 'Failed to add shipping address',
  updateFailed: 'Could not update address. Try again later.',
  deleteFailed: 'Failed to delete shipping address',
  defaultFailed: 'Failed to update default shipping address',
} as const;
