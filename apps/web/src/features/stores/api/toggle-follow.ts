import { storeFollowEndpoints } from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { storesKeys } from './stores-keys';

export interface FollowState {
  storeId: string;
  following: boolean;
  followersCount: number;
}

export function followStore(storeId: string) {
  return api(storeFollowEndpoints.follow, { kind: 'customer', params: { storeId } });
}

export function unfollowStore(storeId: string) {
  return api(storeFollowEndpoints.unfollow, { kind: 'customer', params: { storeId } });
}

/**
 * Follows or unfollows at once on screen (optimistic), puts the previous state back if the server refuses,
 * and takes the server's answer (with the real follower count) when it agrees.
 */
export function useToggleFollow(storeId: string, customerId: string) {
  const queryClient = useQueryClient();
  const key = storesKeys.followState(storeId, customerId);
  return useMutation({
    mutationFn: (follow: boolean) => (follow ? followStore(storeId) : unfollowStore(storeId)),
    onMutate: async (follow: boolean) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<FollowState>(key);
      if (previous) {
        queryClient.setQueryData<FollowState>(key, {
          ...previous,
          following: follow,
          followersCount: Math.max(0, previous.followersCount + (follow ? 1 : -1)),
        });
      }
      return { previous };
    },
    onError: (_error, _follow, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (answer) => {
      queryClient.setQueryData<FollowState>(key, answer.data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: storesKeys.followingAll }),
  });
}
