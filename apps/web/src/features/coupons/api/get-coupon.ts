import { couponMerchantEndpoints } from '@market/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { couponsKeys } from './list-coupons';

export function getCoupon(id: string, signal?: AbortSignal) {
  return api(couponMerchantEndpoints.one, { kind: 'merchant', params: { id }, signal });
}

export function couponQueryOptions(id: string) {
  return queryOptions({
    queryKey: couponsKeys.one(id),
    queryFn: async ({ signal }) => (await getCoupon(id, signal)).data,
  });
}

export function useCoupon(id: string) {
  return useQuery(couponQueryOptions(id));
}
