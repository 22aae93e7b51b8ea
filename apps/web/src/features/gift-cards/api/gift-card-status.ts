import { type GiftCard, giftCardCustomerEndpoints } from '@market/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { GIFT_CARD_POLL_DELAYS_MS, giftCardsKeys } from './gift-cards-keys';

/** The server checks a pending payment with the provider before it answers. */
export function getGiftCardStatus(reference: string, signal?: AbortSignal) {
  return api(giftCardCustomerEndpoints.status, { kind: 'customer', body: { reference }, signal });
}

export function nextGiftCardPoll(card: GiftCard | undefined, checksDone: number): number | false {
  if (card && card.status !== 'pending_payment') return false;
  return GIFT_CARD_POLL_DELAYS_MS[checksDone - 1] ?? false;
}

export function giftCardStatusQueryOptions(reference: string) {
  return queryOptions({
    queryKey: giftCardsKeys.status(reference),
    queryFn: async ({ signal }) => (await getGiftCardStatus(reference, signal)).data,
    meta: { toast: false },
  });
}

/** The card bought with this payment; checked again a few times while its payment is not confirmed. */
export function useGiftCardStatus(reference: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...giftCardStatusQueryOptions(reference),
    enabled: reference.length >= 6,
    refetchInterval: (current) => nextGiftCardPoll(current.state.data, current.state.dataUpdateCount),
  });
  const checks = queryClient.getQueryState(giftCardsKeys.status(reference))?.dataUpdateCount ?? 0;
  return { query, gaveUp: !query.isFetching && nextGiftCardPoll(query.data, checks) === false };
}
