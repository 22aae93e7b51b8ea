import { couponCustomerEndpoints } from '@market/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getAvailableCoupons(storeIds: string[], productIds: string[], signal?: AbortSignal) {
  return api(couponCustomerEndpoints.forProducts, {
    kind: 'customer',
    body: { storeIds, productIds },
    signal,
  });
}

export function availableCouponsQueryOptions(storeIds: string[], productIds: string[]) {
  return queryOptions({
    queryKey: ['cart', 'available-coupons', storeIds, productIds] as const,
    queryFn: async ({ signal }) => (await getAvailableCoupons(storeIds, productIds, signal)).data,
    // a hint only: no toast when it cannot be read
    meta: { toast: false },
  });
}

/** Coupons on offer for the stores and products in the cart (section 5: at least one of each). */
export function useAvailableCoupons(storeIds: string[], productIds: string[]) {
  return useQuery({
    ...availableCouponsQueryOptions(storeIds, productIds),
    enabled: storeIds.length > 0 && productIds.length > 0,
  });
}
