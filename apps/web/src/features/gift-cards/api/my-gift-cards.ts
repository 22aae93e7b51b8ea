import { type GiftCardStatus, giftCardCustomerEndpoints } from '@market/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { GIFT_CARD_MESSAGES, giftCardsKeys } from './gift-cards-keys';

export interface MyCardsQuery {
  page: number;
  limit: number;
  status?: GiftCardStatus;
}

/** Section 7: sortBy=createdAt, order=DESC (newest first). */
export function listMyGiftCards(query: MyCardsQuery, signal?: AbortSignal) {
  return api(giftCardCustomerEndpoints.myCards, {
    kind: 'customer',
    query: { ...query, sortBy: 'createdAt', order: 'DESC' },
    signal,
  });
}

export function myGiftCardsQueryOptions(customerId: string, query: MyCardsQuery) {
  return queryOptions({
    queryKey: giftCardsKeys.mine(customerId, query),
    queryFn: async ({ signal }) => (await listMyGiftCards(query, signal)).data,
    placeholderData: keepPreviousData,
    meta: { toast: { fallback: GIFT_CARD_MESSAGES.list } },
  });
}

export function useMyGiftCards(query: MyCardsQuery) {
  const customerId = useSession('customer')?.user.id;
  return useQuery({ ...myGiftCardsQueryOptions(customerId ?? '', query), enabled: Boolean(customerId) });
}
