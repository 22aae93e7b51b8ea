import { type CouponStatus, couponMerchantEndpoints, type DiscountType } from '@market/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface CouponsFilter {
  status?: CouponStatus;
  discountType?: DiscountType;
}

export const couponsKeys = {
  all: ['coupons'] as const,
  list: (filter: CouponsFilter) => ['coupons', 'list', filter] as const,
  one: (id: string) => ['coupons', 'one', id] as const,
};

export function listCoupons(filter: CouponsFilter, signal?: AbortSignal) {
  return api(couponMerchantEndpoints.list, { kind: 'merchant', query: filter, signal });
}

export function couponsQueryOptions(filter: CouponsFilter) {
  return queryOptions({
    queryKey: couponsKeys.list(filter),
    queryFn: async ({ signal }) => (await listCoupons(filter, signal)).data,
    placeholderData: keepPreviousData,
  });
}

/** Your store's coupons, newest first. */
export function useCoupons(filter: CouponsFilter) {
  return useQuery(couponsQueryOptions(filter));
}
