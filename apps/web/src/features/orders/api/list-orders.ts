import { customerOrderEndpoints } from '@market/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { ORDER_MESSAGES, ordersKeys } from './orders-keys';

export interface OrdersQuery {
  page: number;
  limit: number;
  status?: string;
}

export function listOrders(query: OrdersQuery, signal?: AbortSignal) {
  return api(customerOrderEndpoints.list, { kind: 'customer', query, signal });
}

export function ordersQueryOptions(customerId: string, query: OrdersQuery) {
  return queryOptions({
    queryKey: ordersKeys.list(customerId, query),
    queryFn: async ({ signal }) => (await listOrders(query, signal)).data,
    placeholderData: keepPreviousData,
    meta: { toast: { fallback: ORDER_MESSAGES.orders } },
  });
}

/** The signed-in customer's orders, newest first. */
export function useOrders(query: OrdersQuery) {
  const customerId = useSession('customer')?.user.id;
  return useQuery({ ...ordersQueryOptions(customerId ?? '', query), enabled: Boolean(customerId) });
}
