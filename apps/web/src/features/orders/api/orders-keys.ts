/** Query keys of the customer's orders; every key starts with 'orders'. */
export const ordersKeys = {
  all: ['orders'] as const,
  list: (customerId: string, query: object) => ['orders', customerId, 'list', query] as const,
  one: (customerId: string, id: string) => ['orders', customerId, 'one', id] as const,
  statuses: ['orders', 'statuses'] as const,
};

export const ORDER_MESSAGES = {
  orders: 'Could not get orders. Try again later.',
  order: 'Could not get this order. Try again later.',
} as const;
