import { customerOrderEndpoints } from '@market/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { ORDER_MESSAGES, ordersKeys } from './orders-keys';

export function getOrder(id: string, signal?: AbortSignal) {
  return api(customerOrderEndpoints.one, { kind: 'customer', params: { id }, signal });
}

export function orderQueryOptions(customerId: string, id: string) {
  return queryOptions({
    queryKey: ordersKeys.one(customerId, id),
    queryFn: async ({ signal }) => (await getOrder(id, signal)).data,
    meta: { toast: { fallback: ORDER_MESSAGES.order } },
  });
}

/** One order of the customer, with its delivery token and activities. */
export function useOrder(id: string) {
  const customerId = useSession('customer')?.user.id;
  return useQuery({
    ...orderQueryOptions(customerId ?? '', id),
    enabled: Boolean(customerId) && Boolean(id),
  });
}
