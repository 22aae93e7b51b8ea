import { customerOrderEndpoints } from '@market/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ordersKeys } from './orders-keys';

export function getOrderStatuses(signal?: AbortSignal) {
  return api(customerOrderEndpoints.statuses, { kind: 'customer', signal });
}

export function orderStatusesQueryOptions() {
  return queryOptions({
    queryKey: ordersKeys.statuses,
    queryFn: async ({ signal }) => (await getOrderStatuses(signal)).data,
    staleTime: 60 * 60_000,
    meta: { toast: false },
  });
}

/** Every order status the server knows (code name and known name), for the status filter. */
export function useOrderStatuses() {
  return useQuery(orderStatusesQueryOptions());
}
