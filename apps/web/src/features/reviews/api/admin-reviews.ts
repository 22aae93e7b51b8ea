import { type ReviewKind, reviewEndpoints } from '@market/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { REVIEW_MESSAGES, reviewsKeys } from './reviews-keys';

export interface AdminReviewsFilter {
  page: number;
  kind?: ReviewKind;
  hidden?: boolean;
}

/** Every review for moderation, newest first. */
export function useAdminReviews(filter: AdminReviewsFilter) {
  return useQuery({
    queryKey: reviewsKeys.admin(filter),
    queryFn: async ({ signal }) =>
      (
        await api(reviewEndpoints.adminList, {
          kind: 'admin',
          query: {
            page: filter.page,
            limit: 10,
            kind: filter.kind,
            hidden: filter.hidden === undefined ? undefined : filter.hidden ? 'true' : 'false',
          },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    meta: { toast: { fallback: REVIEW_MESSAGES.list } },
  });
}

/** Hides a review (with the reason) or shows it again; the ratings follow on the server. */
export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { id: string; hide: { reason: string } | null }) =>
      change.hide
        ? api(reviewEndpoints.hide, { kind: 'admin', params: { id: change.id }, body: change.hide })
        : api(reviewEndpoints.unhide, { kind: 'admin', params: { id: change.id } }),
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: reviewsKeys.all });
    },
  });
}
