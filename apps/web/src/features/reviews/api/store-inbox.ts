import { type ReviewKind, reviewEndpoints } from '@market/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { REVIEW_MESSAGES, reviewsKeys } from './reviews-keys';

export interface InboxFilter {
  page: number;
  kind?: ReviewKind;
  unanswered?: boolean;
}

/** Reviews of the merchant's store and its products, newest first. */
export function useStoreInbox(filter: InboxFilter) {
  return useQuery({
    queryKey: reviewsKeys.inbox(filter),
    queryFn: async ({ signal }) =>
      (
        await api(reviewEndpoints.storeInbox, {
          kind: 'merchant',
          query: {
            page: filter.page,
            limit: 10,
            kind: filter.kind,
            unanswered: filter.unanswered ? 'true' : undefined,
          },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    meta: { toast: { fallback: REVIEW_MESSAGES.list } },
  });
}

export function useReplyToReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reply }: { id: string; reply: string }) =>
      api(reviewEndpoints.reply, { kind: 'merchant', params: { id }, body: { reply } }),
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: reviewsKeys.all });
    },
  });
}
