import { giftCardAdminEndpoints } from '@market/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { giftCardAdminKeys } from './list-gift-cards';

export function listGiftCardActivities(page: number, limit: number, signal?: AbortSignal) {
  return api(giftCardAdminEndpoints.activities, { kind: 'admin', query: { page, limit }, signal });
}

export function giftCardActivitiesQueryOptions(page: number, limit: number) {
  return queryOptions({
    queryKey: giftCardAdminKeys.activities(page, limit),
    queryFn: async ({ signal }) => (await listGiftCardActivities(page, limit, signal)).data,
    placeholderData: keepPreviousData,
  });
}

/** Every change of every gift card balance, newest first. */
export function useGiftCardActivities(page: number, limit: number) {
  return useQuery(giftCardActivitiesQueryOptions(page, limit));
}
