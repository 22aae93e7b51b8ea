import { giftCardAdminEndpoints } from '@market/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { giftCardAdminKeys } from './list-gift-cards';

export function getGiftCardAnalytics(startDate: string, endDate: string, signal?: AbortSignal) {
  return api(giftCardAdminEndpoints.analytics, { kind: 'admin', query: { startDate, endDate }, signal });
}

export function giftCardAnalyticsQueryOptions(startDate: string, endDate: string) {
  return queryOptions({
    queryKey: giftCardAdminKeys.analytics(startDate, endDate),
    queryFn: async ({ signal }) => (await getGiftCardAnalytics(startDate, endDate, signal)).data,
    placeholderData: keepPreviousData,
  });
}

/** Gift cards sold and redeemed per UTC day in a date range, and the balance outstanding now. */
export function useGiftCardAnalytics(startDate: string, endDate: string, enabled = true) {
  return useQuery({ ...giftCardAnalyticsQueryOptions(startDate, endDate), enabled });
}
