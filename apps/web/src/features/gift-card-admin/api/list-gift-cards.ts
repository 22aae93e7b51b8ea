import { giftCardAdminEndpoints } from '@market/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface GiftCardsParams {
  page: number;
  limit: number;
  sortBy: 'createdAt' | 'amount' | 'balance';
  startDate?: string;
  endDate?: string;
}

export const giftCardAdminKeys = {
  all: ['gift-card-admin'] as const,
  list: (params: GiftCardsParams) => ['gift-card-admin', 'list', params] as const,
  activities: (page: number, limit: number) => ['gift-card-admin', 'activities', page, limit] as const,
  analytics: (startDate: string, endDate: string) =>
    ['gift-card-admin', 'analytics', startDate, endDate] as const,
};

export function listGiftCards(params: GiftCardsParams, signal?: AbortSignal) {
  return api(giftCardAdminEndpoints.list, { kind: 'admin', query: params, signal });
}

export function giftCardsQueryOptions(params: GiftCardsParams) {
  return queryOptions({
    queryKey: giftCardAdminKeys.list(params),
    queryFn: async ({ signal }) => (await listGiftCards(params, signal)).data,
    placeholderData: keepPreviousData,
  });
}

/** Every gift card (never its code), newest first, by creation date range. */
export function useGiftCards(params: GiftCardsParams) {
  return useQuery(giftCardsQueryOptions(params));
}
