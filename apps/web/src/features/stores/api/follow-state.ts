import { storeFollowEndpoints } from '@market/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { storesKeys } from './stores-keys';

export function getFollowState(storeId: string, signal?: AbortSignal) {
  return api(storeFollowEndpoints.state, { kind: 'customer', params: { storeId }, signal });
}

export function followStateQueryOptions(storeId: string, customerId: string) {
  return queryOptions({
    queryKey: storesKeys.followState(storeId, customerId),
    queryFn: async ({ signal }) => (await getFollowState(storeId, signal)).data,
    meta: { toast: false },
  });
}

/** Whether the signed-in customer follows a store; nothing is asked without a customer session. */
export function useFollowState(storeId: string, customerId: string | undefined) {
  return useQuery({
    ...followStateQueryOptions(storeId, customerId ?? ''),
    enabled: Boolean(customerId && storeId),
  });
}

/** The follower count, kept in step with the signed-in customer's follow state when it is known. */
export function useFollowersCount(storeId: string, fallback: number): number {
  const session = useSession('customer');
  const state = useFollowState(storeId, session?.user.id);
  return state.data?.followersCount ?? fallback;
}
